import { objectUploadMachine, type ObjectUploadContext } from '../../../src/machines/navigation/objectUpload.machine.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

/** Spec 5: "Maximum navigation file size is 26214400 bytes (25 MB)." (written from the spec, not read from the product). */
const MAX_NAVIGATION_FILE_BYTES = 26_214_400;

const NAME = 'type the name "Floor 1"';
const BLANK = 'clear the name';
const PICK = 'pick plan.png (2 MB)';
const PICK_HUGE = 'pick huge.png, one byte over 25 MB';
const SUBMIT = 'press "Save"';
const PROGRESS = 'half of plan.png is sent';
const STORED = 'the server stores the object';
const TAKEN = 'the server refuses: the name is taken in this office';
const OFFLINE = 'the network is down';
const CANCEL = 'press "Cancel upload"';

const object = { id: 9, office: 3, name: 'Floor 1', layout: '/api/v1/navigation/objects/9/layout?v=1', width: 800, height: 600, created_at: '2026-11-22T10:00:00.000Z' };
const plan = { name: 'plan.png', size: 2_000_000 };
type Context = ObjectUploadContext;
/** The messages under the fields (ObjectFormDialog's FIELD_MESSAGES). */
const FIELD_TEXT: Record<string, string> = { required: 'navigation:form.required', taken: 'navigation:messages.nameTaken', too_large: 'navigation:messages.fileTooLarge' };
const fieldLines = (fields: Record<string, string | null | undefined>) =>
  Object.entries(fields)
    .filter(([, code]) => code)
    .map(([field, code]) => `under ${field === 'name' ? text('navigation:objects.name') : 'the layout image'}: ${text(FIELD_TEXT[code!] ?? 'navigation:messages.invalid')}`);
const SENDING = `a progress bar ${text('navigation:objects.uploading')}; the fields and ${text('common:actions.save')} are disabled; ${text('navigation:objects.cancelUpload')} in place of ${text('common:actions.cancel')}`;
const BACK = `the form is editable again, with ${text('common:actions.cancel')} and ${text('common:actions.save')}`;
const WHILE_SENDING = 'the fields are disabled while the layout is sent';
const USER = 'admin (or a user with navigation edit rights)';
const complete = (c: Context) => c.name.trim() !== '' && (c.file !== null || c.objectId !== null);
const sendCall = (c: Context) => `writeObject: ${JSON.stringify({ office: c.office, objectId: c.objectId, name: c.name, file: c.file })}`;

/** Spec sections 2 and 9: add an object (name, layout image of at most 25 MB) with upload progress; rename or replace the image. */
/** The field messages the form shows (a field without one says nothing). */
const shownFields = (fields: Record<string, string | null | undefined>) => Object.fromEntries(Object.entries(fields).filter(([, code]) => code));

export default defineQa({
  machine: objectUploadMachine,
  file: 'src/machines/navigation/objectUpload.machine.ts',
  title: 'The add / edit form of a navigation object',
  req: { [TAKEN]: ['S5-4'], [PICK_HUGE]: ['S5-13'] },
  namespace: 'navigation',
  preconditions: {
    'add an object to office 3': {
      route: '/navigation?company=1&office=3 (choose the company and office 3 on /navigation)',
      user: USER,
      data: `office 3 with an object "Hall"; on your computer a picture plan.png of about 2 MB and a picture huge.png over 25 MB; press ${text('navigation:objects.add')} (the dialog ${text('navigation:objects.addTitle')})`,
    },
    'edit object "Hall" of office 3': {
      route: '/navigation?company=1&office=3',
      user: USER,
      data: `office 3 with the objects "Hall" and "Floor 1"; plan.png and huge.png as above; press "Edit Hall" on its card (the dialog ${text('navigation:objects.editTitle')})`,
    },
  },
  howTo: {
    [PROGRESS]: 'watch the progress bar while plan.png is sent (the devtools throttled to "Slow 4G")',
    [TAKEN]: 'type the name of another object of office 3 (in the edit form: "Floor 1"; when adding, first add an object "Floor 1")',
    [OFFLINE]: 'in the devtools Network tab, choose "Offline" before pressing "Save"',
    [CANCEL]: 'press "Cancel upload" while the bar moves (the devtools throttled to "Slow 4G")',
  },
  offScreen: {
    [NAME]: { sending: WHILE_SENDING, saved: 'the dialog has closed' },
    [BLANK]: { sending: WHILE_SENDING, saved: 'the dialog has closed' },
    [PICK]: { sending: WHILE_SENDING, saved: 'the dialog has closed' },
    [PICK_HUGE]: { sending: WHILE_SENDING, saved: 'the dialog has closed' },
    [SUBMIT]: { sending: '"Save" is disabled while the layout is sent', saved: 'the dialog has closed' },
    [CANCEL]: { editing: '"Cancel upload" is shown only while the layout is sent', saved: 'the dialog has closed' },
    [PROGRESS]: { editing: 'nothing is sent before "Save"', saved: 'the dialog has closed' },
  },
  actors: ['writeObject'],
  recorded: ['saved'],
  starts: {
    'add an object to office 3': () => ({ office: 3 }),
    'edit object "Hall" of office 3': () => ({ office: 3, object: { id: 9, name: 'Hall' } }),
  },
  events: {
    [NAME]: { type: 'upload.name', name: 'Floor 1' },
    [BLANK]: { type: 'upload.name', name: ' ' },
    [PICK]: { type: 'upload.file', file: plan },
    [PICK_HUGE]: { type: 'upload.file', file: { name: 'huge.png', size: MAX_NAVIGATION_FILE_BYTES + 1 } },
    [SUBMIT]: { type: 'upload.submit' },
    [PROGRESS]: { type: 'upload.progress', loaded: 1_000_000, total: 2_000_000 },
    [STORED]: done('writeObject', { ok: true, value: object }),
    [TAKEN]: done('writeObject', { ok: false, code: 'object_name_taken', fields: { name: 'taken' } }),
    [OFFLINE]: error('writeObject', new TypeError('Failed to fetch')),
    [CANCEL]: { type: 'upload.cancel' },
  },
  initial: {
    'add an object to office 3': { to: 'editing', see: { name: '', file: null, busy: false } },
    'edit object "Hall" of office 3': { to: 'editing', see: { name: 'Hall', file: null } },
  },
  expect: {
    editing: {
      [NAME]: { to: 'editing', see: { name: 'Floor 1' }, screen: [`${text('navigation:objects.name')} reads Floor 1`] },
      [BLANK]: { to: 'editing', see: { name: ' ' }, screen: [`${text('navigation:objects.name')} holds a space only`] },
      [PICK]: { to: 'editing', see: { file: 'plan.png', error: null }, screen: ['plan.png in the file box of the layout image'] },
      // The file's refusal joins what the form already said about the other fields.
      [PICK_HUGE]: (c) => ({
        to: 'editing',
        see: { file: null, error: 'file_too_large', fields: shownFields({ ...c.fields, layout: 'too_large' }) },
        calls: [],
        screen: fieldLines({ ...c.fields, layout: 'too_large' }),
      }),
      [SUBMIT]: (c: Context) =>
        complete(c)
          ? { to: 'sending', see: { busy: true, progress: 0 }, calls: [sendCall(c)], screen: [SENDING] }
          : {
              to: 'editing',
              see: { fields: shownFields({ ...c.fields, ...(c.name.trim() ? {} : { name: 'required' }), ...(c.file || c.objectId ? {} : { layout: 'required' }) }) },
              calls: [],
              screen: fieldLines({ ...c.fields, ...(c.name.trim() ? {} : { name: 'required' }), ...(c.file || c.objectId ? {} : { layout: 'required' }) }),
            },
    },
    sending: {
      [PROGRESS]: { to: 'sending', see: { progress: 50 }, screen: ['the bar half full'] },
      [STORED]: {
        to: 'saved',
        see: { busy: false },
        calls: [`saved: ${JSON.stringify({ object })}`],
        screen: [`the dialog closes; a success toast ${text('navigation:messages.saved')}; the card "Floor 1" with ${text('navigation:objects.size', { width: 800, height: 600 })}`],
      },
      [TAKEN]: { to: 'editing', see: { error: 'object_name_taken', fields: { name: 'taken' }, busy: false }, screen: [...fieldLines({ name: 'taken' }), BACK] },
      [OFFLINE]: { to: 'editing', see: { error: 'network_error' }, screen: [`under the fields: ${text('common:errors.network_error')}`, BACK] },
      [CANCEL]: { to: 'editing', see: { busy: false }, screen: [BACK, 'nothing is saved'] },
    },
  },
  view: (snapshot) => ({
    name: snapshot.context.name,
    file: snapshot.context.file?.name ?? null,
    busy: snapshot.hasTag('busy'),
    progress: snapshot.context.total ? Math.round((100 * snapshot.context.loaded) / snapshot.context.total) : 0,
    error: snapshot.context.error,
    fields: Object.fromEntries(Object.entries(snapshot.context.fields).filter(([, code]) => code)),
  }),
});
