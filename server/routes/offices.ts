import type { FastifyInstance } from 'fastify';
import {
  CompanyCreateBody,
  OfficeCreateBody,
  OfficeListQuery,
  type Company,
  type Office,
} from '../../src/services/schemas/devices.ts';
import type { AppContext } from '../context.ts';
import { companyExists, insertCompany, insertOffice, listCompanies, listOffices, type CompanyRow, type OfficeRow } from '../db/devices.ts';
import { record } from '../domain/journal.ts';
import { officeTimeZone, serverTimeZone } from '../domain/occurrences.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { badRequest, parse } from '../errors.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';

function toCompany(row: CompanyRow): Company {
  return { id: row.id, name: row.name, description: row.description, is_active: row.isActive };
}

function toOffice(row: OfficeRow & { companyName: string }): Office {
  return {
    id: row.id,
    company: row.companyId,
    company_name: row.companyName,
    name: row.name,
    description: row.description,
    address: row.address,
    phone: row.phone,
    email: row.email,
    contact_person: row.contactPerson,
    timezone: row.timezone ?? serverTimeZone(),
  };
}

/** The minimal company and branch-office listing a device's location filter needs. */
export default async function officeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));

  app.get('/companies/', async (request) => {
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, rows } = await listCompanies(db, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, rows.map(toCompany));
  });

  app.post('/companies/create/', async (request, reply) => {
    const body = parse(CompanyCreateBody, request.body);
    const row = await insertCompany(db, { name: body.name.trim(), description: body.description ?? '', isActive: body.is_active ?? true });
    await record(db, { userId: currentUser(request).id, action: 'create', entity: 'company', entityId: row.id, detail: { name: row.name } });
    return reply.code(201).send(toCompany(row));
  });

  app.get('/branch-offices/', async (request) => {
    const query = parse(OfficeListQuery, request.query);
    const paging = pageRequest(request.query as Record<string, unknown>);
    const { total, rows } = await listOffices(db, query.company, paging.pageSize, paging.offset);
    return pageOf(request.url, paging, total, rows.map(toOffice));
  });

  app.post('/branch-offices/create/', async (request, reply) => {
    const body = parse(OfficeCreateBody, request.body);
    if (!(await companyExists(db, body.company))) throw badRequest('unknown_company', 'The company does not exist.', { company: 'not_found' });
    const row = await insertOffice(db, {
      companyId: body.company,
      name: body.name.trim(),
      description: body.description ?? '',
      address: body.address ?? '',
      phone: body.phone ?? '',
      email: body.email ?? '',
      contactPerson: body.contact_person ?? '',
      timezone: officeTimeZone(body.timezone),
    });
    await record(db, { userId: currentUser(request).id, action: 'create', entity: 'office', entityId: row.id, detail: { name: row.name } });
    return reply.code(201).send(toOffice(row));
  });
}
