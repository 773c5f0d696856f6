import { datasetDeleteMachine } from '../../../src/machines/datasets/datasetDelete.machine.ts';
import { confirmDeleteQa } from '../qa/confirmDelete.ts';
import { text } from '../qa/screen.ts';

/** Issue 38: a dataset is deleted after the confirmation; one a layout's widget shows stays (409 `dataset_in_use`). */
export default confirmDeleteQa({
  machine: datasetDeleteMachine,
  file: 'src/machines/datasets/datasetDelete.machine.ts',
  title: 'Deleting a dataset',
  name: 'Lunch menu',
  refused: 'the server refuses: a layout shows it',
  reason: 'dataset_in_use',
  namespace: 'datasets',
  preconditions: { start: { route: '/datasets', user: 'admin (or a user with media edit rights)', data: 'a dataset "Lunch menu" no layout shows; press "Delete Lunch menu" on its row' } },
  howTo: { 'the server refuses: a layout shows it': 'put "Lunch menu" in a data table widget of a layout first (PUT /layouts/{id} with a zone {kind: "widget", widget: "data_table", settings: {dataset}})' },
  refusedScreen: [`an error toast ${text('datasets:errors.dataset_in_use')}`],
});
