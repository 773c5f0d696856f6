import { uploadMachine, type UploadContext, type UploadItem } from '../../../src/machines/media/upload.machine.ts';
import { selectIsBusy, selectSummary } from '../../../src/machines/media/upload.selectors.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

/** Spec 5: "Maximum media file size is 262144000 bytes (250 MB)." (written from the spec, not read from the product). */
const MAX_MEDIA_FILE_BYTES = 262_144_000;

const media = { id: 7, name: 'clip.mp4' };

const PICK_TWO = 'pick clip.mp4 (1000 bytes) and poster.png (500 bytes)';
const PICK_HUGE = 'pick huge.mp4, one byte over 250 MB';
const REMOVE_2 = 'remove poster.png from the list';
const BLANK_NAME = 'clear the name of clip.mp4';
const RENAME = 'name clip.mp4 "Clip"';
const START = 'press "Upload"';
const PROGRESS = 'half of clip.mp4 is sent';
const STORED = 'the server stores the file';
const REFUSED = 'the server refuses the file (invalid content format)';
const CANCEL_1 = 'cancel clip.mp4';
const CANCEL_2 = 'cancel poster.png';
const CANCEL_ALL = 'press "Cancel all"';
const RETRY_1 = 'retry clip.mp4';
const RESET = 'press "Upload more"';

type Context = UploadContext;
const byId = (context: Context, id: string) => context.items.find((item) => item.id === id);
/** What the list shows of a file: its name, status and percentage. */
const row = (item: UploadItem) => `${item.info.name} ${item.status} ${item.total ? Math.round((100 * item.loaded) / item.total) : 0}%`;
const summary = (items: UploadItem[]) => ({
  done: items.filter((i) => i.status === 'done').length,
  failed: items.filter((i) => i.status === 'failed').length,
  cancelled: items.filter((i) => i.status === 'cancelled').length,
});
/** A file's row on screen: its file name and status text. */
const status = (name: string, state: UploadItem['status']) => `${name} ${text(`media:upload.itemStatus.${state}`)}`;
/** What the dialog shows when the batch ends: the summary line and the toast the media page raises. */
const finishedScreen = (counts: ReturnType<typeof summary>) => [
  text('media:upload.summary', counts),
  `the button ${text('common:actions.close')}`,
  ...(counts.failed > 0 ? [`an error toast ${text('media:messages.addError')}`] : counts.done > 0 ? [`a success toast ${text('media:messages.addSuccess')}`] : []),
];
/** A queued file cancelled while another is on the wire: its row says so; any other file has no "Cancel" to press. */
function cancelQueued(context: Context, id: string) {
  const item = byId(context, id);
  return item?.status === 'queued' ? { to: 'uploading.sending', screen: [status(item.file.name, 'cancelled'), `the button ${text('media:upload.retryShort')}`] } : 'uploading.sending';
}
/** Why a file's row has no such button (it shows "Cancel" while queued or sent, "Retry" once failed or cancelled), or undefined. */
function buttonFor(view: Record<string, unknown>, file: string, statuses: string[], button: string) {
  const status = file === 'clip.mp4' ? (view.clipStatus as string | null) : ((view.files as string[]).find((line) => line.startsWith(`${file} `))?.split(' ')[1] ?? null);
  if (status === null) return `${file} is not in the list`;
  return statuses.includes(status) ? undefined : `the row of ${file} has no "${button}" while it is ${status}`;
}
const sendCall = (item: UploadItem) => `uploadFile: ${JSON.stringify({ id: item.id, file: item.file, info: item.info })}`;

/**
 * After the file on the wire ends (stored, failed or cancelled as `status`): the next queued file is sent,
 * or the batch finishes with its summary.
 */
function afterCurrent(context: Context, ended: UploadItem['status'], extraCalls: string[] = [], extraScreen: string[] = []) {
  const items = context.items.map((item) => (item.id === context.currentId ? { ...item, status: ended } : item));
  const current = items.find((item) => item.id === context.currentId)!;
  const row = [status(current.file.name, ended), ...extraScreen];
  const next = items.find((item) => item.status === 'queued');
  if (next) return { to: 'uploading.sending', calls: [...extraCalls, sendCall(next)], screen: [...row, status(next.file.name, 'uploading')] };
  return { to: 'finished', see: { busy: false }, calls: [...extraCalls, `batchFinished: ${JSON.stringify(summary(items))}`], screen: [...row, ...finishedScreen(summary(items))] };
}

/** Section 6, adding media: a batch of files, one request per file, with progress, cancel and retry. */
export default defineQa({
  machine: uploadMachine,
  file: 'src/machines/media/upload.machine.ts',
  title: 'One upload batch of the add-media form',
  namespace: 'media',
  req: { [REFUSED]: ['S5-11', 'S8.2-17'], [PICK_HUGE]: ['S5-12'] },
  preconditions: {
    start: {
      route: '/media',
      user: 'admin (or a user with media edit rights)',
      data: 'on your computer a short video clip.mp4, a picture poster.png and any video huge.mp4 over 250 MB; press "Add media" (the dialog "Add media" opens)',
    },
  },
  howTo: {
    [REFUSED]: 'pick, as clip.mp4, a text file renamed to clip.mp4 (the server cannot read it as a video)',
    [PROGRESS]: 'watch the bar of clip.mp4 while it is sent (with a large file, or the devtools throttled to "Slow 4G")',
    [STORED]: 'wait: the server answers when the file is stored',
    [RESET]: 'press "Close", then "Add media" again',
  },
  offScreen: {
    [PICK_TWO]: { uploading: 'the "Choose files" button is gone while sending', finished: 'the "Choose files" button is gone once the batch ends' },
    [PICK_HUGE]: { uploading: 'the "Choose files" button is gone while sending', finished: 'the "Choose files" button is gone once the batch ends' },
    [REMOVE_2]: { uploading: 'the remove buttons are gone while sending', finished: 'the remove buttons are gone once the batch ends' },
    [BLANK_NAME]: { uploading: 'the name fields are gone while sending', finished: 'the name fields are gone once the batch ends' },
    [RENAME]: { uploading: 'the name fields are gone while sending', finished: 'the name fields are gone once the batch ends' },
    [START]: { uploading: 'the "Upload" button is gone while sending', finished: 'the "Upload" button is gone once the batch ends' },
    [CANCEL_ALL]: { editing: '"Cancel all" is shown only while sending', finished: '"Cancel all" is shown only while sending' },
    [RESET]: { editing: 'the dialog resets when it is closed; "Close" is shown once the batch ends', uploading: '"Close" is shown once the batch ends' },
    [PROGRESS]: (view) => (view.clipStatus === 'uploading' ? undefined : 'clip.mp4 is not being sent'),
    [CANCEL_1]: (view) => buttonFor(view, 'clip.mp4', ['queued', 'uploading'], 'Cancel'),
    [CANCEL_2]: (view) => buttonFor(view, 'poster.png', ['queued', 'uploading'], 'Cancel'),
    [RETRY_1]: (view) => buttonFor(view, 'clip.mp4', ['failed', 'cancelled'], 'Retry'),
  },
  actors: ['uploadFile'],
  recorded: ['uploaded', 'batchFinished'],
  events: {
    [PICK_TWO]: { type: 'upload.add', files: [{ name: 'clip.mp4', size: 1000 }, { name: 'poster.png', size: 500 }] },
    [PICK_HUGE]: { type: 'upload.add', files: [{ name: 'huge.mp4', size: MAX_MEDIA_FILE_BYTES + 1 }] },
    [REMOVE_2]: { type: 'upload.remove', id: '2' },
    [BLANK_NAME]: { type: 'upload.describe', id: '1', info: { name: '' } },
    [RENAME]: { type: 'upload.describe', id: '1', info: { name: 'Clip' } },
    [START]: { type: 'upload.start' },
    [PROGRESS]: { type: 'upload.progress', id: '1', loaded: 500, total: 1000 },
    [STORED]: done('uploadFile', media),
    [REFUSED]: error('uploadFile', new ApiRequestError({ status: 400, code: 'invalid_content_format', detail: 'Invalid content format!' })),
    [CANCEL_1]: { type: 'upload.cancel', id: '1' },
    [CANCEL_2]: { type: 'upload.cancel', id: '2' },
    [CANCEL_ALL]: { type: 'upload.cancelAll' },
    [RETRY_1]: { type: 'upload.retry', id: '1' },
    [RESET]: { type: 'upload.reset' },
  },
  // One batch: files are picked once (two files, then at most the huge one).
  when: {
    [PICK_TWO]: (snapshot) => snapshot.context.items.length === 0,
    [PICK_HUGE]: (snapshot) => !snapshot.context.items.some((item) => item.file.name === 'huge.mp4'),
  },
  initial: { start: { to: 'editing', see: { files: [], busy: false } } },
  expect: {
    editing: {
      [PICK_TWO]: (context: Context) => ({
        to: 'editing',
        see: { files: [...context.items.map(row), 'clip.mp4 ready 0%', 'poster.png ready 0%'] },
        screen: [`under ${text('media:upload.files')}: ${status('clip.mp4', 'ready')}, ${status('poster.png', 'ready')}, each with its ${text('media:fields.name')} (the file name), ${text('media:fields.description')}, ${text('media:fields.screen_position')} and ${text('media:fields.device_type')}`],
      }),
      [PICK_HUGE]: (context: Context) => ({
        to: 'editing',
        see: { files: [...context.items.map(row), 'huge.mp4 rejected 0%'] },
        screen: [`${status('huge.mp4', 'rejected')} in red, with ${text('media:errors.file_too_large')} and no fields`],
      }),
      [REMOVE_2]: (context: Context) => ({
        to: 'editing',
        see: { files: context.items.filter((item) => item.id !== '2').map(row) },
        screen: context.items.some((item) => item.id === '2') ? ['the list without poster.png'] : [],
      }),
      [BLANK_NAME]: { to: 'editing', screen: [`${text('media:fields.name')} of clip.mp4 is empty and marked ${text('common:validation.required')}; ${text('media:upload.start')} is disabled`] },
      [RENAME]: { to: 'editing', screen: [`${text('media:fields.name')} of clip.mp4 reads Clip`] },
      // Spec: nothing is sent until every file waiting to go has a name; files over the limit never go.
      [START]: (context: Context) => {
        const ready = context.items.filter((item) => item.status === 'ready');
        if (!ready.length || ready.some((item) => !item.info.name)) return { to: 'editing', calls: [] };
        return {
          to: 'uploading.sending',
          see: { busy: true },
          calls: [sendCall({ ...ready[0]!, status: 'uploading' })],
          screen: [
            `${status(ready[0]!.file.name, 'uploading')} with its progress bar`,
            ...ready.slice(1).map((item) => status(item.file.name, 'queued')),
            `the fields are gone; the button ${text('media:upload.cancelAll')}`,
          ],
        };
      },
    },
    'uploading.sending': {
      [PROGRESS]: (context: Context) =>
        context.currentId === '1'
          ? { to: 'uploading.sending', see: { progressOfClip: '50%' }, screen: ['the bar of clip.mp4 half full, "(50%)" under it'] }
          : 'uploading.sending',
      [STORED]: (context: Context) => afterCurrent(context, 'done', [`uploaded: ${JSON.stringify({ media })}`], ['its bar full and green']),
      [REFUSED]: (context: Context) => afterCurrent(context, 'failed', [], [`in red ${text('media:errors.invalid_content_format')}`, `the button ${text('media:upload.retryShort')}`]),
      [CANCEL_1]: (context: Context) => (context.currentId === '1' ? afterCurrent(context, 'cancelled', [], [`the button ${text('media:upload.retryShort')}`]) : cancelQueued(context, '1')),
      [CANCEL_2]: (context: Context) => (context.currentId === '2' ? afterCurrent(context, 'cancelled', [], [`the button ${text('media:upload.retryShort')}`]) : cancelQueued(context, '2')),
      [CANCEL_ALL]: (context: Context) => {
        const items = context.items.map((item) => (['queued', 'uploading'].includes(item.status) ? { ...item, status: 'cancelled' as const } : item));
        const cancelled = context.items.filter((item) => ['queued', 'uploading'].includes(item.status));
        return {
          to: 'finished',
          calls: [`batchFinished: ${JSON.stringify(summary(items))}`],
          screen: [...cancelled.map((item) => status(item.file.name, 'cancelled')), ...finishedScreen(summary(items))],
        };
      },
      // A retried file joins the queue behind the one on the wire.
      [RETRY_1]: (context: Context) => {
        const clip = byId(context, '1')!;
        const again = ['failed', 'cancelled'].includes(clip.status);
        return { to: 'uploading.sending', calls: [], see: { clipStatus: again ? 'queued' : clip.status }, ...(again ? { screen: [status('clip.mp4', 'queued')] } : {}) };
      },
    },
    finished: {
      [RETRY_1]: (context: Context) =>
        ['failed', 'cancelled'].includes(byId(context, '1')!.status)
          ? { to: 'uploading.sending', calls: [sendCall(byId(context, '1')!)], screen: [`${status('clip.mp4', 'uploading')} again`, `the button ${text('media:upload.cancelAll')}`] }
          : { to: 'finished', calls: [] },
      [RESET]: { to: 'editing', see: { files: [], busy: false }, screen: [`the dialog ${text('media:upload.title')} with an empty list and ${text('media:upload.choose')}`] },
    },
  },
  view: (snapshot) => ({
    busy: selectIsBusy(snapshot),
    files: snapshot.context.items.map(row),
    progressOfClip: `${(() => {
      const clip = byId(snapshot.context, '1');
      return clip && clip.total ? Math.round((100 * clip.loaded) / clip.total) : 0;
    })()}%`,
    clipStatus: byId(snapshot.context, '1')?.status ?? null,
    summary: selectSummary(snapshot),
  }),
  invariant: (snapshot) => {
    const onTheWire = snapshot.context.items.filter((item) => item.status === 'uploading').map((item) => item.id);
    const expected = snapshot.matches({ uploading: 'sending' }) ? [snapshot.context.currentId] : [];
    if (JSON.stringify(onTheWire) !== JSON.stringify(expected)) throw new Error(`on the wire ${onTheWire}, current ${snapshot.context.currentId}`);
    for (const item of snapshot.context.items) {
      // A file over 250 MB is refused in the browser and never leaves it.
      if (item.file.size > MAX_MEDIA_FILE_BYTES && item.status !== 'rejected') throw new Error(`${item.file.name} is ${item.status}`);
    }
  },
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.items.map((item) => [item.id, item.status, item.info.name, item.loaded]), snapshot.context.currentId]),
});
