import { devicePowerFormMachine, devicePowerInput } from '../../../src/machines/devices/devicePowerForm.machine.ts';
import { everyDay, mondays, POWER_ERRORS, powerErrorsOf } from '../company/powerQa.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

const WEEK = everyDay({ on: '08:00', off: '20:00' });
const OFFICE = { week: WEEK, exceptions: [] };

/** A device's screen hours (issue 41): its office's, always on, or its own (the same rules as an office's). */
export default defineFormQa({
  machine: devicePowerFormMachine,
  file: 'src/machines/devices/devicePowerForm.machine.ts',
  title: 'The screen hours form of a device',
  input: devicePowerInput({ device: 3, mode: 'own', schedule: OFFICE, office_schedule: OFFICE }),
  valid: { words: "type 06:30 as Monday's on time", field: 'week', value: mondays(WEEK, { on: '06:30', off: '20:00' }) },
  invalid: { words: "type 25:00 as Monday's off time", field: 'week', value: mondays(WEEK, { on: '08:00', off: '25:00' }), errors: { 'week.0.0.off': 'power_time_invalid' } },
  sendable: (fields) => Object.keys(powerErrorsOf(fields)).length === 0,
  errors: powerErrorsOf,
  saved: { device: 3, timezone: 'Europe/Berlin', mode: 'own', schedule: OFFICE, office_schedule: OFFICE, effective: OFFICE },
  refusal: { words: 'the server refuses a day of seven spans', code: 'power_too_many_spans', fields: { 'week.0': 'power_too_many_spans' } },
  namespace: 'company',
  preconditions: {
    start: {
      route: `/devices, open the card of Screen 3, press ${text('devices:power.change')} beside ${text('devices:fields.power')}`,
      user: 'admin (or a user whose group gives Devices "Edit")',
      data: 'device 3 named Screen 3 with its own hours 08:00-20:00 every day, in an office of Europe/Berlin with the same hours',
    },
  },
  howTo: {
    'the server saves it': 'wait: the server answers the save',
    'the server refuses a day of seven spans': 'a stand-in for any rule the server keeps: the editor offers at most six spans a day, so only a request made by hand gets it',
  },
  screen: {
    open: [
      `the dialog ${text('company:power.title', { name: 'Screen 3' })} with ${text('company:power.mode')}: ${text('company:power.modes.own')} chosen (the other choices: the office's hours in words, ${text('company:power.modes.always_on')})`,
      "each weekday with its hours 08:00-20:00, the exceptions, Cancel and Save",
    ],
    valid: ["Monday's on time reads 06:30"],
    invalid: ["Monday's off time reads 25:00; no message yet"],
    fieldErrors: POWER_ERRORS,
    offline: [`the line ${text('company:messages.saveError')} above the buttons`],
    saved: [`the dialog closes; a success toast ${text('company:power.saved')}; the card's line ${text('devices:fields.power')} reads the new hours`],
  },
});
