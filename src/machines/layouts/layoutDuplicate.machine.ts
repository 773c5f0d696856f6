import { createFormMachine } from '../form/form.machine.ts';
import { duplicateLayout, type Layout } from '../../services/layouts.service.ts';
import { layoutFieldErrors } from './layoutForm.machine.ts';

export type DuplicateFields = { name: string };

/** "Duplicate": a copy of layout `id` (its size, background and zones) under a new name. */
export const layoutDuplicateMachine = createFormMachine<DuplicateFields, Layout>({
  id: 'layoutDuplicate',
  validate: layoutFieldErrors,
  save: ({ id, fields }) => duplicateLayout(id!, fields.name.trim()),
});
