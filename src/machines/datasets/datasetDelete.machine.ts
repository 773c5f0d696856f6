import { deleteDataset } from '../../services/datasets.service.ts';
import { createConfirmDeleteMachine } from '../confirmDelete.ts';

/** Delete a dataset after the confirmation; one a layout's widget shows is refused (`dataset_in_use`). */
export const datasetDeleteMachine = createConfirmDeleteMachine('datasetDelete', deleteDataset);
