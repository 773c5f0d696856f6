import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type } from 'superstruct';
import { BoundedIdParam } from '../../src/services/schemas/devices.ts';
import {
  DevicePowerBody,
  normalPowerSchedule,
  OfficePowerBody,
  powerProblems,
  type DevicePower,
  type OfficePower,
  type PowerProblemCode,
  type PowerSchedule,
} from '../../src/services/schemas/power.ts';
import type { AppContext } from '../context.ts';
import { findDevice, findOffice } from '../db/devices.ts';
import { devicePower, officeDeviceIds, officePower, setDevicePower, setOfficePower } from '../db/power.ts';
import { record } from '../domain/journal.ts';
import { serverTimeZone } from '../domain/occurrences.ts';
import { compileQueued } from '../domain/schedules.ts';
import { areaScope, assertVisible } from '../domain/scope.ts';
import { badRequest, notFound, parse } from '../errors.ts';
import { currentUser, requireUser } from '../plugins/auth.ts';

/** The words of each refusal (the panel translates the code). */
const POWER_MESSAGES: Record<PowerProblemCode | 'power_schedule_required', string> = {
  power_time_invalid: 'A time must be HH:MM from 00:00 to 24:00 (24:00 only as an end).',
  power_span_empty: 'A span must end after it starts.',
  power_spans_overlap: "A day's spans must not overlap.",
  power_too_many_spans: 'A day may hold at most 6 spans.',
  power_too_many_exceptions: 'A schedule may hold at most 60 exceptions.',
  power_date_invalid: 'An exception needs a real date (YYYY-MM-DD).',
  power_exception_duplicate: 'A date may have one exception only.',
  power_schedule_required: 'A device with its own hours needs a schedule.',
};

function idParam(request: FastifyRequest): number {
  return parse(type({ id: BoundedIdParam }), { id: (request.params as Record<string, unknown>).id }).id as number;
}

/** The schedule as stored (spans in order), or a 400 naming the first problem and where it is. */
function checked(schedule: PowerSchedule | null, at = 'schedule'): PowerSchedule | null {
  if (schedule === null) return null;
  const problem = powerProblems(schedule);
  if (problem) {
    const fields = Object.fromEntries(Object.entries(problem.fields).map(([field, code]) => [`${at}.${field}`, code]));
    throw badRequest(problem.code, POWER_MESSAGES[problem.code], fields);
  }
  return normalPowerSchedule(schedule);
}

/**
 * Screen power schedules (issue 41): an office's hours (`/branch-offices/{id}/power/`, the company area's rights, as
 * the office itself) and a device's choice (`/tvpi/devices/{id}/power/`, the devices area's rights). A change is
 * journaled and compiled into the devices' schedules (dev2 `power`) as other schedule changes are: up to 250 devices in
 * the request, more by the compilers of every instance (the queue).
 */
export default async function powerRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));

  async function visibleOffice(request: FastifyRequest, level: 'view' | 'edit') {
    const id = idParam(request);
    const office = await findOffice(db, id);
    assertVisible(await areaScope(ctx, request, 'company', 'view'), office?.companyId, 'Office');
    if (level === 'edit') await areaScope(ctx, request, 'company', 'edit');
    return office!;
  }

  async function visibleDevice(request: FastifyRequest, level: 'view' | 'edit') {
    const id = idParam(request);
    const row = await findDevice(db, id);
    if (!row) throw notFound('Device');
    assertVisible(await areaScope(ctx, request, 'devices', 'view'), row.companyId, 'Device');
    if (level === 'edit') await areaScope(ctx, request, 'devices', 'edit');
    return row;
  }

  const officeAnswer = async (office: { id: number; timezone: string | null }): Promise<OfficePower> => ({
    office: office.id,
    timezone: office.timezone ?? serverTimeZone(),
    schedule: await officePower(db, office.id),
  });

  async function deviceAnswer(deviceId: number, officeId: number | null): Promise<DevicePower> {
    const office = officeId == null ? undefined : await findOffice(db, officeId);
    const own = await devicePower(db, deviceId);
    const officeSchedule = office ? await officePower(db, office.id) : null;
    return {
      device: deviceId,
      timezone: office?.timezone ?? serverTimeZone(),
      mode: own.mode,
      schedule: own.schedule,
      office_schedule: officeSchedule,
      effective: own.mode === 'own' ? own.schedule : own.mode === 'always_on' ? null : officeSchedule,
    };
  }

  app.get('/branch-offices/:id/power/', async (request) => officeAnswer(await visibleOffice(request, 'view')));

  app.put('/branch-offices/:id/power/', async (request) => {
    const body = parse(OfficePowerBody, request.body);
    const office = await visibleOffice(request, 'edit');
    const schedule = checked(body.schedule);
    const before = await officePower(db, office.id);
    await setOfficePower(db, office.id, schedule);
    await record(db, { userId: currentUser(request).id, action: 'update', entity: 'office', entityId: office.id, changes: { power: [before, schedule] } });
    await compileQueued(db, await officeDeviceIds(db, office.id), request.log);
    return officeAnswer(office);
  });

  app.get('/tvpi/devices/:id/power/', async (request) => {
    const row = await visibleDevice(request, 'view');
    return deviceAnswer(row.device.id, row.device.officeId);
  });

  app.put('/tvpi/devices/:id/power/', async (request) => {
    const body = parse(DevicePowerBody, request.body);
    const row = await visibleDevice(request, 'edit');
    if (body.mode === 'own' && !body.schedule) throw badRequest('power_schedule_required', POWER_MESSAGES.power_schedule_required, { schedule: 'required' });
    const schedule = body.mode === 'own' ? checked(body.schedule ?? null) : null;
    const before = await devicePower(db, row.device.id);
    await setDevicePower(db, row.device.id, body.mode, schedule);
    await record(db, {
      userId: currentUser(request).id,
      action: 'update',
      entity: 'device',
      entityId: row.device.id,
      changes: { power: [before, { mode: body.mode, schedule }] },
    });
    await compileQueued(db, [row.device.id], request.log);
    return deviceAnswer(row.device.id, row.device.officeId);
  });
}
