import { eventFieldErrors, eventFormInput, eventFormMachine, type EventFields } from '../../../src/machines/scheduler/eventForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';

const input = eventFormInput({ campaign: 9, date: '2026-11-05', time: '08:00', playlist: { id: 4, name: 'Утренние новости' }, devices: [11] });

/**
 * Section 5: an event needs a title ("You must select event title"), a media item or playlist ("You must select media
 * or playlist"), at least one device ("Device selection is required"); a weekly repeat needs at least 1 day.
 */
export default defineFormQa({
  machine: eventFormMachine,
  file: 'src/machines/scheduler/eventForm.machine.ts',
  title: 'The event form (a playlist dropped on 5 November at 08:00)',
  req: { 'clear the device selection': ['S5-5', 'S8.2-9'] },
  input,
  valid: { words: 'choose Monday, Wednesday and Friday', field: 'weekdays', value: [1, 3, 5] },
  invalid: { words: 'clear the device selection', field: 'devices', value: [], errors: { devices: 'devices_required' } },
  sendable: (fields) => {
    const f = fields as EventFields;
    return f.title.trim() !== '' && (f.playlist !== null || f.media !== null) && f.devices.length > 0 && (!f.repeat || f.weekdays.length > 0);
  },
  saved: { id: 3, campaign: 9, title: 'Утренние новости', published: false },
  refusal: { words: 'the server refuses: device 11 is not in the campaign', code: 'validation_error', fields: { devices: 'device_not_in_campaign' } },
});

// Keeps the rule function referenced for readers: the messages it returns are the section 8 ones (see eventForm.test.ts).
void eventFieldErrors;
