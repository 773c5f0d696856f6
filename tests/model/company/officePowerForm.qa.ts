import { officePowerFormMachine, officePowerInput } from '../../../src/machines/company/officePowerForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';
import { COMPANY_EDITOR } from './pages.ts';
import { everyDay, mondays, POWER_ERRORS, powerErrorsOf } from './powerQa.ts';

const WEEK = everyDay({ on: '08:00', off: '20:00' });

/** An office's screen hours (issue 41): always on, or on spans per weekday that do not overlap, each ending after it starts. */
export default defineFormQa({
  machine: officePowerFormMachine,
  file: 'src/machines/company/officePowerForm.machine.ts',
  title: "The screen hours form of an office",
  input: officePowerInput({ office: 9, schedule: { week: WEEK, exceptions: [] } }),
  valid: { words: "type 07:00 as Monday's on time", field: 'week', value: mondays(WEEK, { on: '07:00', off: '20:00' }) },
  invalid: { words: "type 21:00 as Monday's on time (after its off time)", field: 'week', value: mondays(WEEK, { on: '21:00', off: '20:00' }), errors: { 'week.0.0.off': 'power_span_empty' } },
  sendable: (fields) => Object.keys(powerErrorsOf(fields)).length === 0,
  errors: powerErrorsOf,
  saved: { office: 9, timezone: 'Europe/Berlin', schedule: { week: WEEK, exceptions: [] } },
  refusal: { words: 'the server refuses overlapping hours', code: 'power_spans_overlap', fields: { 'week.0.0.on': 'power_spans_overlap' } },
  namespace: 'company',
  preconditions: {
    start: {
      route: `/branch-offices, press ${text('company:power.actionOf', { name: 'Riverside' })} in Riverside's row`,
      user: COMPANY_EDITOR,
      data: 'the office Riverside (id 9, Europe/Berlin) whose screens are on 08:00-20:00 every day',
    },
  },
  howTo: {
    'the server saves it': 'wait: the server answers the save',
    'the server refuses overlapping hours': "another tab saves Monday's hours 06:00-09:00 through the API first; the form's own check does not know of it (a stand-in: the server refuses what its rules refuse, with the same code)",
  },
  screen: {
    open: [
      `the dialog ${text('company:power.title', { name: 'Riverside' })} with ${text('company:power.mode')}: ${text('company:power.modes.hours')} chosen`,
      `${text('company:power.timezone', { zone: 'Europe/Berlin' })}, then each weekday with ${text('company:power.on')} 08:00 and ${text('company:power.off')} 20:00, ${text('company:power.addSpan')} and ${text('company:power.copyToAll')}`,
      `${text('company:power.exceptions')}: ${text('company:power.noExceptions')}, a date field and ${text('company:power.addException')}`,
    ],
    valid: ["Monday's on time reads 07:00"],
    invalid: ["Monday's on time reads 21:00; no message yet"],
    fieldErrors: POWER_ERRORS,
    offline: [`the line ${text('company:messages.saveError')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text('company:power.saved')}`],
  },
});
