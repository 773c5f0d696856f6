import { datasetListMachine } from '../../../src/machines/datasets/datasetList.machine.ts';
import { defineFetchQa } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

/** The datasets list (issue 38, /datasets) over GET /datasets/: search and paging. */
export default defineFetchQa({
  machine: datasetListMachine,
  file: 'src/machines/datasets/datasetList.machine.ts',
  title: 'The datasets list and its fetch status',
  open: { words: 'open the datasets', calls: 'load: {"params":{"page":1}}' },
  other: {
    words: 'search datasets named like "menu"',
    params: { page: 1, search: 'menu' },
    calls: 'load: {"params":{"page":1,"search":"menu"}}',
  },
  answer: { words: 'the server answers one dataset', data: { count: 1, next: null, previous: null, results: [{ id: 4, name: 'Lunch menu' }] }, rows: 1 },
  namespace: 'datasets',
  preconditions: { start: { route: '/datasets', user: 'admin (or a user with media rights)', data: 'a dataset Lunch menu uploaded from a spreadsheet of 25 rows' } },
  howTo: {
    'open the datasets': `open /datasets from the sidebar (${text('layout:items.datasets')} under ${text('layout:sections.media')}; after a failure: press "Try again")`,
    'search datasets named like "menu"': `type menu in ${text('datasets:filters.searchLabel')}`,
    'the server refuses (403 forbidden)': 'sign in as a user without media rights and open /datasets',
  },
  screen: {
    loading: [`the spinner ${text('common:loading')}`],
    answer: [`the table ${text('datasets:list.label')} with the row Lunch menu: ${text('datasets:fields.rows')}, ${text('datasets:fields.columns')}, ${text('datasets:fields.source')}, ${text('datasets:fields.version')}`],
    forbidden: [`${text('common:errors.forbidden')} and the button ${text('datasets:actions.retry')}`],
  },
});
