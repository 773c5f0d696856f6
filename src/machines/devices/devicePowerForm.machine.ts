import { createFormMachine } from '../form/form.machine.ts';
import { saveDevicePower, type DevicePower } from '../../services/power.service.ts';
import type { DevicePowerMode } from '../../services/schemas/power.ts';
import { defaultWeek, powerErrorNames, powerFieldErrors, scheduleOf, serverPowerErrors, type PowerFields } from '../company/powerEditing.ts';

/** The editor's fields for a device's power (issue 41): its office's hours, always on, or its own (starting from the office's). */
export function devicePowerInput(power: Pick<DevicePower, 'device' | 'mode' | 'schedule' | 'office_schedule'>): { id: number; fields: PowerFields } {
  const start = power.schedule ?? power.office_schedule;
  return { id: power.device, fields: { mode: power.mode, week: start?.week ?? defaultWeek(), exceptions: start?.exceptions ?? [] } };
}

/** A device's screen power: follow the office, always on, or its own hours (the form factory, the schedule's rules first). */
export const devicePowerFormMachine = createFormMachine<PowerFields, DevicePower>({
  id: 'devicePowerForm',
  validate: powerFieldErrors,
  errorFieldsOf: (field) => powerErrorNames(field),
  save: async ({ id, fields }) => {
    const outcome = await saveDevicePower(id!, fields.mode as DevicePowerMode, scheduleOf(fields));
    return outcome.ok ? outcome : { ...outcome, fields: serverPowerErrors(outcome.code, outcome.fields) };
  },
});
