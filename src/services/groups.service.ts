import { type, string } from 'superstruct';
import { api, parseResponse } from './http.ts';
import { Id, Page, type PageOf } from './schemas/common.ts';
import { Group, GroupPage, type Permissions } from './schemas/groups.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { Group };

/** GET /groups/ (administrator only): every group, by name. */
export async function listGroups(): Promise<PageOf<Group>> {
  return parseResponse(GroupPage, await api('/groups/', { query: { page_size: 500 } }));
}

export interface GroupBody {
  name: string;
  companies: number[];
  permissions: Permissions;
}

/** POST /groups/create/ or PUT /groups/{id}: refusals (409 group_exists, 400 fields) resolve, others reject. */
export function saveGroup(id: number | null, body: GroupBody): Promise<WriteOutcome<Group>> {
  const request = id === null ? api('/groups/create/', { method: 'POST', body }) : api(`/groups/${id}`, { method: 'PUT', body });
  return writeOutcome(request.then((answer) => parseResponse(Group, answer)));
}

export type DeleteResult = { ok: true } | { ok: false; reason: string };

/** DELETE /groups/{id}. */
export async function deleteGroup(id: number): Promise<DeleteResult> {
  await api(`/groups/${id}`, { method: 'DELETE' });
  return { ok: true };
}

/** The companies a group may name: id and name only (the company screens own the rest of a company). */
const CompanyName = type({ id: Id, name: string() });
const CompanyNamePage = Page(CompanyName);
export type CompanyName = { id: number; name: string };

/** GET /companies/: the companies, for the group editor's choice. */
export async function listCompanyNames(): Promise<CompanyName[]> {
  return parseResponse(CompanyNamePage, await api('/companies/', { query: { page_size: 500 } })).results;
}
