import { api, parseResponse } from './http.ts';
import {
  Company,
  CompanyPage,
  CompanySummary,
  Department,
  DepartmentPage,
  Office,
  OfficePage,
  type CompanyCreateBody,
  type DepartmentCreateBody,
  type DepartmentUpdateBody,
  type OfficeCreateBody,
  type OfficeUpdateBody,
} from './schemas/company.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { Company, CompanySummary, Department, Office };

/** The hierarchy screens show every company, department and office at once (a provider serves tens, not thousands). */
const ALL = { page_size: 500 };

export async function listAllCompanies(): Promise<Company[]> {
  return parseResponse(CompanyPage, await api('/companies/', { query: ALL })).results;
}

export async function listAllDepartments(company?: number): Promise<Department[]> {
  return parseResponse(DepartmentPage, await api('/departments/', { query: { ...ALL, ...(company ? { company } : {}) } })).results;
}

export async function listAllOffices(company?: number): Promise<Office[]> {
  return parseResponse(OfficePage, await api('/branch-offices/', { query: { ...ALL, ...(company ? { company } : {}) } })).results;
}

export async function getCompanySummary(id: number): Promise<CompanySummary> {
  return parseResponse(CompanySummary, await api(`/companies/${id}/summary/`));
}

/** The companies, departments and offices together: what every hierarchy screen loads. */
export interface Hierarchy {
  companies: Company[];
  departments: Department[];
  offices: Office[];
}

export async function loadHierarchy(): Promise<Hierarchy> {
  const [companies, departments, offices] = await Promise.all([listAllCompanies(), listAllDepartments(), listAllOffices()]);
  return { companies, departments, offices };
}

export function saveCompany(id: number | null, body: Partial<CompanyCreateBody>): Promise<WriteOutcome<Company>> {
  const request = id === null ? api('/companies/create/', { method: 'POST', body: { ...body, user: 1 } }) : api(`/companies/${id}`, { method: 'PUT', body });
  return writeOutcome(request.then((answer) => parseResponse(Company, answer)));
}

/** `PUT /companies/{id}/change-active`: sets the flag given. */
export function setCompanyActive(id: number, isActive: boolean): Promise<WriteOutcome<Company>> {
  return writeOutcome(api(`/companies/${id}/change-active`, { method: 'PUT', body: { is_active: isActive } }).then((answer) => parseResponse(Company, answer)));
}

/** `PUT /companies/{id}/change-video-upload`: sets the flag given. */
export function setCompanyVideoUpload(id: number, on: boolean): Promise<WriteOutcome<Company>> {
  return writeOutcome(
    api(`/companies/${id}/change-video-upload`, { method: 'PUT', body: { video_upload_active: on } }).then((answer) => parseResponse(Company, answer)),
  );
}

export function saveDepartment(id: number | null, body: DepartmentCreateBody | DepartmentUpdateBody): Promise<WriteOutcome<Department>> {
  const request = id === null ? api('/departments/create/', { method: 'POST', body }) : api(`/departments/${id}`, { method: 'PUT', body });
  return writeOutcome(request.then((answer) => parseResponse(Department, answer)));
}

export function saveOffice(id: number | null, body: OfficeCreateBody | OfficeUpdateBody): Promise<WriteOutcome<Office>> {
  const request = id === null ? api('/branch-offices/create/', { method: 'POST', body }) : api(`/branch-offices/${id}`, { method: 'PUT', body });
  return writeOutcome(request.then((answer) => parseResponse(Office, answer)));
}

export type HierarchyEntity = 'company' | 'department' | 'office';
const PATHS: Record<HierarchyEntity, string> = { company: '/companies/', department: '/departments/', office: '/branch-offices/' };

/** Deletes a company, department or office; a refusal (still holds devices, has sub-departments) resolves with its code. */
export function deleteHierarchyEntry(entity: HierarchyEntity, id: number): Promise<WriteOutcome<null>> {
  return writeOutcome(api(`${PATHS[entity]}${id}`, { method: 'DELETE' }).then(() => null));
}
