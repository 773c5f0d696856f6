import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Id } from '../../src/services/schemas/common.ts';
import {
  CompanyActiveBody,
  CompanyCreateBody,
  CompanyUpdateBody,
  CompanyVideoUploadBody,
  DepartmentCreateBody,
  DepartmentUpdateBody,
  DepartmentListQuery,
  isValidInn,
  OfficeCreateBody,
  OfficeListQuery,
  OfficeUpdateBody,
  type Company,
  type Department,
  type Office,
} from '../../src/services/schemas/company.ts';
import type { AppContext } from '../context.ts';
import {
  campaignExists,
  COMPANY_COLUMNS,
  companySummary,
  deleteCompanyRow,
  deleteDepartmentRow,
  deleteOfficeRow,
  departmentAncestors,
  departmentChildren,
  devicesOfCompany,
  devicesOfOffice,
  findCompany,
  findDepartment,
  findOfficeFull,
  insertCompanyRow,
  insertDepartmentRow,
  insertOfficeRow,
  listCompanyPage,
  listDepartmentPage,
  listOfficePage,
  setCompanyActive,
  updateCompanyRow,
  updateDepartmentRow,
  updateOfficeRow,
  type CompanyValues,
  type OfficeValues,
} from '../db/companies.ts';
import { officeTimeZone } from '../domain/occurrences.ts';
import { record } from '../domain/journal.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { badRequest, conflict, forbidden, notFound, parse } from '../errors.ts';
import { areaScope, assertVisible, scopeOf, visibleIds } from '../domain/scope.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';

/** Ids are PostgreSQL integers; a larger number names nothing. */
function idParam(request: FastifyRequest): number {
  const raw = (request.params as { id: string }).id;
  const id = parse(Id, /^\d{1,10}$/.test(raw) ? Number(raw) : raw);
  if (id > 2147483647) throw notFound();
  return id;
}

/** What a write changed, field by field, for the journal: `{field: [before, after]}`. */
function changesOf(before: object | undefined, after: object, fields: readonly string[]): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    const was = before ? (before as Record<string, unknown>)[field] : null;
    const now = (after as Record<string, unknown>)[field];
    if (was !== now) changes[field] = [was ?? null, now ?? null];
  }
  return changes;
}

const OFFICE_FIELDS = ['company', 'department', 'name', 'description', 'address', 'phone', 'email', 'contact_person', 'timezone'] as const;
const DEPARTMENT_FIELDS = ['company', 'parent', 'name', 'description'] as const;

/** The company hierarchy: companies, departments (a tree below each company) and branch offices. */
export default async function officeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));

  const journal = (request: FastifyRequest, action: string, entity: string, entityId: number, changes: Record<string, unknown>) =>
    record(db, { userId: currentUser(request).id, action, entity, entityId, changes: changes as Record<string, [unknown, unknown]> });

  /** A company inside the caller's scope (another company's id answers 404 like an absent one). */
  async function existingCompany(request: FastifyRequest, id: number): Promise<Company> {
    const company = await findCompany(db, id);
    assertVisible(await scopeOf(ctx, request), company?.id, 'Company');
    return company!;
  }

  /** A write of the hierarchy: 'edit' in the company area, on a company of the scope. */
  const canEdit = (request: FastifyRequest) => areaScope(ctx, request, 'company', 'edit');

  /** Creating or deleting a company is the administrator's: a scoped user's companies are given to them. */
  async function requireAllCompanies(request: FastifyRequest) {
    const scope = await canEdit(request);
    if (scope.companies !== null) throw forbidden('Only the administrator creates and deletes companies.');
  }

  /** The editable values of a company body, checked beyond its schema (INN check digits, the office campaign). */
  async function companyValues(request: FastifyRequest, body: Record<string, unknown>): Promise<CompanyValues> {
    const values: CompanyValues = {};
    for (const column of COMPANY_COLUMNS) {
      const value = body[column];
      if (value !== undefined) values[column] = typeof value === 'string' && column !== 'description' ? value.trim() : (value as CompanyValues[typeof column]);
    }
    if (typeof values.inn === 'string' && !isValidInn(values.inn)) {
      throw badRequest('invalid_inn', 'The INN check digits do not match.', { inn: 'invalid_checksum' });
    }
    // Another company's campaign is treated as absent (its id leaks nothing).
    const campaign = values.office_campaign;
    if (typeof campaign === 'number' && (!(await campaignExists(db, campaign)) || !(await visibleIds(ctx, await scopeOf(ctx, request), 'campaign', [campaign])).has(campaign))) {
      throw badRequest('unknown_campaign', 'The office campaign does not exist.', { office_campaign: 'not_found' });
    }
    return values;
  }

  /* Companies */

  app.get('/companies/', async (request) => {
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, rows } = await listCompanyPage(db, (await scopeOf(ctx, request)).companies, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, rows);
  });

  app.post('/companies/create/', async (request, reply) => {
    await requireAllCompanies(request);
    const values = await companyValues(request, parse(CompanyCreateBody, request.body));
    const id = await insertCompanyRow(db, values as CompanyValues & { name: string });
    const company = await existingCompany(request, id);
    await journal(request, 'create', 'company', id, changesOf(undefined, company, COMPANY_COLUMNS));
    return reply.code(201).send(company);
  });

  app.get('/companies/:id', async (request) => existingCompany(request, idParam(request)));

  app.get('/companies/:id/summary/', async (request) => {
    const company = await existingCompany(request, idParam(request));
    // The campaigns its devices take part in: another company's campaign is not named to a scoped user.
    return companySummary(db, company.id, (await scopeOf(ctx, request)).companies);
  });

  app.put('/companies/:id', async (request) => {
    const id = idParam(request);
    const values = await companyValues(request, parse(CompanyUpdateBody, request.body));
    const before = await existingCompany(request, id);
    await canEdit(request);
    const { is_active: active, ...rest } = values;
    await updateCompanyRow(db, id, rest);
    if (typeof active === 'boolean' && active !== before.is_active) forgetDevices(await setCompanyActive(db, id, active));
    // Its users' next request reads whether they must enrol (other instances within 2 s).
    const changed = (key: 'require_two_factor' | 'require_two_factor_sso') => typeof values[key] === 'boolean' && values[key] !== (before[key] ?? false);
    if (changed('require_two_factor') || changed('require_two_factor_sso')) ctx.activeUsers.forgetAll();
    const after = await existingCompany(request, id);
    await journal(request, 'update', 'company', id, changesOf(before, after, COMPANY_COLUMNS));
    return after;
  });

  function forgetDevices(ids: number[]) {
    for (const device of ids) ctx.players.forgetDevice(device);
  }

  app.put('/companies/:id/change-active', async (request) => {
    const id = idParam(request);
    const body = parse(CompanyActiveBody, request.body);
    const before = await existingCompany(request, id);
    await canEdit(request);
    const active = body.is_active ?? !before.is_active;
    if (active !== before.is_active) forgetDevices(await setCompanyActive(db, id, active));
    const after = await existingCompany(request, id);
    await journal(request, active ? 'activate' : 'deactivate', 'company', id, changesOf(before, after, ['is_active']));
    return after;
  });

  app.put('/companies/:id/change-video-upload', async (request) => {
    const id = idParam(request);
    const body = parse(CompanyVideoUploadBody, request.body);
    const before = await existingCompany(request, id);
    await canEdit(request);
    const on = body.video_upload_active ?? !before.video_upload_active;
    await updateCompanyRow(db, id, { video_upload_active: on });
    const after = await existingCompany(request, id);
    await journal(request, 'update', 'company', id, changesOf(before, after, ['video_upload_active']));
    return after;
  });

  app.delete('/companies/:id', async (request, reply) => {
    const id = idParam(request);
    const company = await existingCompany(request, id);
    await requireAllCompanies(request);
    const devices = await devicesOfCompany(db, id);
    if (devices > 0) throw conflict('company_has_devices', `The company still holds ${devices} device(s): move or delete them first.`);
    if (!(await deleteCompanyRow(db, id))) throw notFound('Company');
    await journal(request, 'delete', 'company', id, changesOf(company, {}, ['name']));
    return reply.code(204).send();
  });

  /* Departments */

  async function existingDepartment(request: FastifyRequest, id: number): Promise<Department> {
    const department = await findDepartment(db, id);
    assertVisible(await scopeOf(ctx, request), department?.company, 'Department');
    return department!;
  }

  /** The company a new department or office goes to: it must exist and lie in the caller's scope. */
  async function targetCompany(request: FastifyRequest, id: number) {
    const scope = await canEdit(request);
    if (!(await findCompany(db, id)) || (scope.companies !== null && !scope.companies.includes(id))) {
      throw badRequest('unknown_company', 'The company does not exist.', { company: 'not_found' });
    }
  }

  /** A parent must belong to the same company and must not lie below the department itself. */
  async function checkParent(company: number, parent: number | null | undefined, self?: number) {
    if (parent == null) return;
    const found = await findDepartment(db, parent);
    if (!found) throw badRequest('unknown_department', 'The parent department does not exist.', { parent: 'not_found' });
    if (found.company !== company) throw badRequest('department_other_company', 'The parent department belongs to another company.', { parent: 'other_company' });
    if (self !== undefined && (parent === self || (await departmentAncestors(db, parent)).includes(self))) {
      throw badRequest('department_cycle', 'A department cannot be placed below itself.', { parent: 'cycle' });
    }
  }

  app.get('/departments/', async (request) => {
    const query = parse(DepartmentListQuery, request.query);
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, rows } = await listDepartmentPage(db, (await scopeOf(ctx, request)).companies, query.company, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, rows);
  });

  app.post('/departments/create/', async (request, reply) => {
    const body = parse(DepartmentCreateBody, request.body);
    await targetCompany(request, body.company);
    await checkParent(body.company, body.parent);
    const id = await insertDepartmentRow(db, { company: body.company, parent: body.parent ?? null, name: body.name.trim(), description: body.description ?? '' });
    const department = await existingDepartment(request, id);
    await journal(request, 'create', 'department', id, changesOf(undefined, department, DEPARTMENT_FIELDS));
    return reply.code(201).send(department);
  });

  app.get('/departments/:id', async (request) => existingDepartment(request, idParam(request)));

  app.put('/departments/:id', async (request) => {
    const id = idParam(request);
    const body = parse(DepartmentUpdateBody, request.body);
    const before = await existingDepartment(request, id);
    await canEdit(request);
    await checkParent(before.company, body.parent, id);
    await updateDepartmentRow(db, id, {
      ...(body.parent !== undefined ? { parent_id: body.parent } : {}),
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
    });
    const after = await existingDepartment(request, id);
    await journal(request, 'update', 'department', id, changesOf(before, after, DEPARTMENT_FIELDS));
    return after;
  });

  app.delete('/departments/:id', async (request, reply) => {
    const id = idParam(request);
    const department = await existingDepartment(request, id);
    await canEdit(request);
    const children = await departmentChildren(db, id);
    if (children > 0) throw conflict('department_has_children', `The department still has ${children} sub-department(s): move or delete them first.`);
    if (!(await deleteDepartmentRow(db, id))) throw notFound('Department');
    await journal(request, 'delete', 'department', id, changesOf(department, {}, ['name']));
    return reply.code(204).send();
  });

  /* Branch offices */

  async function existingOffice(request: FastifyRequest, id: number): Promise<Office> {
    const office = await findOfficeFull(db, id);
    assertVisible(await scopeOf(ctx, request), office?.company, 'Office');
    return office!;
  }

  async function officeValues(body: Record<string, unknown>, company: number): Promise<OfficeValues> {
    const department = body.department as number | null | undefined;
    if (department != null) {
      const found = await findDepartment(db, department);
      if (!found) throw badRequest('unknown_department', 'The department does not exist.', { department: 'not_found' });
      if (found.company !== company) throw badRequest('department_other_company', 'The department belongs to another company.', { department: 'other_company' });
    }
    const timezone = body.timezone as string | undefined;
    const values: OfficeValues = {};
    if (department !== undefined) values.department_id = department;
    for (const field of ['name', 'description', 'address', 'phone', 'email', 'contact_person'] as const) {
      const value = body[field];
      if (typeof value === 'string') values[field] = field === 'description' ? value : value.trim();
    }
    if (timezone !== undefined) values.timezone = officeTimeZone(timezone);
    return values;
  }

  app.get('/branch-offices/', async (request) => {
    const query = parse(OfficeListQuery, request.query);
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, rows } = await listOfficePage(db, { company: query.company, scope: (await scopeOf(ctx, request)).companies }, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, rows);
  });

  app.post('/branch-offices/create/', async (request, reply) => {
    const body = parse(OfficeCreateBody, request.body);
    await targetCompany(request, body.company);
    const values = await officeValues(body, body.company);
    const id = await insertOfficeRow(db, { timezone: officeTimeZone(undefined), ...values, company_id: body.company, name: body.name.trim() });
    const office = await existingOffice(request, id);
    await journal(request, 'create', 'office', id, changesOf(undefined, office, OFFICE_FIELDS));
    return reply.code(201).send(office);
  });

  app.get('/branch-offices/:id', async (request) => existingOffice(request, idParam(request)));

  app.put('/branch-offices/:id', async (request) => {
    const id = idParam(request);
    const body = parse(OfficeUpdateBody, request.body);
    const before = await existingOffice(request, id);
    await canEdit(request);
    const company = body.company ?? before.company;
    const companyChanged = company !== before.company;
    if (companyChanged) await targetCompany(request, company);
    // A move to another company leaves the department behind unless the body names one of the new company's.
    const values = await officeValues(companyChanged && body.department === undefined ? { ...body, department: null } : body, company);
    forgetDevices(await updateOfficeRow(db, id, { ...values, ...(companyChanged ? { company_id: company } : {}) }, companyChanged));
    const after = await existingOffice(request, id);
    await journal(request, 'update', 'office', id, changesOf(before, after, OFFICE_FIELDS));
    return after;
  });

  app.delete('/branch-offices/:id', async (request, reply) => {
    const id = idParam(request);
    const office = await existingOffice(request, id);
    await canEdit(request);
    const devices = await devicesOfOffice(db, id);
    if (devices > 0) throw conflict('office_has_devices', `The office still holds ${devices} device(s): move or delete them first.`);
    if (!(await deleteOfficeRow(db, id))) throw notFound('Office');
    await journal(request, 'delete', 'office', id, changesOf(office, {}, ['name']));
    return reply.code(204).send();
  });
}
