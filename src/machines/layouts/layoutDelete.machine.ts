import { deleteLayout } from '../../services/layouts.service.ts';
import { createConfirmDeleteMachine } from '../confirmDelete.ts';

/** Delete a layout after the confirmation; one an event uses is refused (`layout_in_use`). */
export const layoutDeleteMachine = createConfirmDeleteMachine('layoutDelete', deleteLayout);
