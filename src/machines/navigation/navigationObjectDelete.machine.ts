import { deleteObject } from '../../services/navigation.service.ts';
import { createConfirmDeleteMachine } from '../confirmDelete.ts';

/** Delete a navigation object (a layout) after the confirmation; its markers go with it. No refusal: any failure is "Error while removing". */
export const navigationObjectDeleteMachine = createConfirmDeleteMachine('navigationObjectDelete', async (id) => {
  await deleteObject(id);
  return { ok: true };
});
