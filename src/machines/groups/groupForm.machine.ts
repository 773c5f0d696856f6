import { createFormMachine } from '../form/form.machine.ts';
import { saveGroup } from '../../services/groups.service.ts';
import type { Group, Permissions } from '../../services/schemas/groups.ts';

export type GroupFields = { name: string; companies: number[]; permissions: Permissions };

const NO_RIGHTS: Permissions = { devices: 'none', media: 'none', playlists: 'none', campaigns: 'none', statistics: 'none', company: 'none' };

export function groupFormInput(group: Group | null): { id: number | null; fields: GroupFields } {
  return group
    ? { id: group.id, fields: { name: group.name, companies: [...group.companies], permissions: { ...group.permissions } } }
    : { id: null, fields: { name: '', companies: [], permissions: { ...NO_RIGHTS } } };
}

/** The name is required, at most 100 characters (the server's rule). */
export function groupFieldErrors(fields: GroupFields): Record<string, string> {
  const name = fields.name.trim();
  if (!name) return { name: 'required' };
  if (name.length > 100) return { name: 'out_of_range' };
  return {};
}

/** The group editor: name, the companies its members see, and a permission per area. */
export const groupFormMachine = createFormMachine<GroupFields, Group>({
  id: 'groupForm',
  validate: groupFieldErrors,
  save: ({ id, fields }) => saveGroup(id, { name: fields.name.trim(), companies: fields.companies, permissions: fields.permissions }),
});
