import { createFormMachine } from '../form/form.machine.ts';
import { saveOfficePower, type OfficePower } from '../../services/power.service.ts';
import { defaultWeek, powerErrorNames, powerFieldErrors, scheduleOf, serverPowerErrors, type PowerFields } from './powerEditing.ts';

/** The editor's fields for an office's power (issue 41): always on, or hours per weekday with exceptions by date. */
export function officePowerInput(power: Pick<OfficePower, 'office' | 'schedule'>): { id: number; fields: PowerFields } {
  return {
    id: power.office,
    fields: power.schedule
      ? { mode: 'hours', week: power.schedule.week, exceptions: power.schedule.exceptions }
      : { mode: 'always_on', week: defaultWeek(), exceptions: [] },
  };
}

/** An office's screen power schedule: the form factory, with the schedule's rules (powerProblems) before sending. */
export const officePowerFormMachine = createFormMachine<PowerFields, OfficePower>({
  id: 'officePowerForm',
  validate: powerFieldErrors,
  errorFieldsOf: (field) => powerErrorNames(field),
  save: async ({ id, fields }) => {
    const outcome = await saveOfficePower(id!, scheduleOf(fields));
    return outcome.ok ? outcome : { ...outcome, fields: serverPowerErrors(outcome.code, outcome.fields) };
  },
});
