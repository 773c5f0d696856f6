import { eventFieldErrors, eventFormInput, eventFormMachine, type EventFields } from '../../../src/machines/scheduler/eventForm.machine.ts';
import { defineFormQa } from '../form/formQa.ts';
import { text } from '../qa/screen.ts';

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
    return f.title.trim() !== '' && f[f.source] !== null && f.devices.length > 0 && (!f.repeat || f.weekdays.length > 0);
  },
  saved: { id: 3, campaign: 9, title: 'Утренние новости', published: false },
  refusal: { words: 'the server refuses: device 11 is not in the campaign', code: 'validation_error', fields: { devices: 'device_not_in_campaign' } },
  namespace: 'scheduler',
  preconditions: {
    start: {
      route: '/campaigns/9/scheduler',
      user: 'admin (or a user with scheduler edit rights)',
      data: 'campaign 9 with device 11 and the committed playlist "Утренние новости"; drag "Утренние новости" from the panel onto 5 November at 08:00 in the Week view',
    },
  },
  howTo: {
    'choose Monday, Wednesday and Friday': 'tick "Repeat weekly" if it is not ticked, then choose Monday, Wednesday and Friday under "Days of the week"',
    'the server refuses: device 11 is not in the campaign': 'before pressing "Save", take device 11 out of campaign 9 on its devices page in another tab',
  },
  screen: {
    open: [
      `the dialog ${text('scheduler:form.addTitle')}: ${text('scheduler:form.title')} Утренние новости, ${text('scheduler:form.playlist')} Утренние новости, ${text('scheduler:form.startDate')} 2026-11-05, ${text('scheduler:form.startTime')} 08:00, ${text('scheduler:form.devices_one', { count: 1 })}`,
    ],
    valid: [`under ${text('scheduler:form.weekdays')}: Monday, Wednesday and Friday chosen`],
    invalid: [`${text('scheduler:form.devices_other', { count: 0 })}; no message yet`],
    fieldErrors: (errors) =>
      Object.entries(errors).map(([field, code]) => `under ${field === 'devices' ? text('scheduler:form.devicesGroup') : field}: ${text(`scheduler:validation.${['title_required', 'media_or_playlist_required', 'devices_required', 'weekdays_required', 'time_required', 'end_before_start'].includes(code) ? code : 'invalid'}`)}`),
    offline: [`the line ${text('scheduler:messages.saveError')} above the buttons`],
    saved: ['the dialog closes; the event Утренние новости on the calendar, marked "not published"'],
  },
});

// Keeps the rule function referenced for readers: the messages it returns are the section 8 ones (see eventForm.test.ts).
void eventFieldErrors;
