import { uploadMachine, type UploadContext, type UploadItem } from '../../../src/machines/media/upload.machine.ts';
import { selectIsBusy, selectSummary } from '../../../src/machines/media/upload.selectors.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { MAX_MEDIA_FILE_BYTES } from '../../../src/services/schemas/media.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

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
const sendCall = (item: UploadItem) => `uploadFile: ${JSON.stringify({ id: item.id, file: item.file, info: item.info })}`;

/**
 * After the file on the wire ends (stored, failed or cancelled as `status`): the next queued file is sent,
 * or the batch finishes with its summary.
 */
function afterCurrent(context: Context, status: UploadItem['status'], extraCalls: string[] = []) {
  const items = context.items.map((item) => (item.id === context.currentId ? { ...item, status } : item));
  const next = items.find((item) => item.status === 'queued');
  if (next) return { to: 'uploading.sending', calls: [...extraCalls, sendCall(next)] };
  return { to: 'finished', see: { busy: false }, calls: [...extraCalls, `batchFinished: ${JSON.stringify(summary(items))}`] };
}

/** Section 6, adding media: a batch of files, one request per file, with progress, cancel and retry. */
export default defineQa({
  machine: uploadMachine,
  file: 'src/machines/media/upload.machine.ts',
  title: 'One upload batch of the add-media form',
  req: { [REFUSED]: ['S5-11', 'S8.2-17'], [PICK_HUGE]: ['S5-12'] },
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
      [PICK_TWO]: (context: Context) => ({ to: 'editing', see: { files: [...context.items.map(row), 'clip.mp4 ready 0%', 'poster.png ready 0%'] } }),
      [PICK_HUGE]: (context: Context) => ({ to: 'editing', see: { files: [...context.items.map(row), 'huge.mp4 rejected 0%'] } }),
      [REMOVE_2]: (context: Context) => ({ to: 'editing', see: { files: context.items.filter((item) => item.id !== '2').map(row) } }),
      [BLANK_NAME]: 'editing',
      [RENAME]: 'editing',
      // Spec: nothing is sent until every file waiting to go has a name; files over the limit never go.
      [START]: (context: Context) => {
        const ready = context.items.filter((item) => item.status === 'ready');
        if (!ready.length || ready.some((item) => !item.info.name)) return { to: 'editing', calls: [] };
        return { to: 'uploading.sending', see: { busy: true }, calls: [sendCall({ ...ready[0]!, status: 'uploading' })] };
      },
    },
    'uploading.sending': {
      [PROGRESS]: (context: Context) => (context.currentId === '1' ? { to: 'uploading.sending', see: { progressOfClip: '50%' } } : 'uploading.sending'),
      [STORED]: (context: Context) => afterCurrent(context, 'done', [`uploaded: ${JSON.stringify({ media })}`]),
      [REFUSED]: (context: Context) => afterCurrent(context, 'failed'),
      [CANCEL_1]: (context: Context) => (context.currentId === '1' ? afterCurrent(context, 'cancelled') : 'uploading.sending'),
      [CANCEL_2]: (context: Context) => (context.currentId === '2' ? afterCurrent(context, 'cancelled') : 'uploading.sending'),
      [CANCEL_ALL]: (context: Context) => {
        const items = context.items.map((item) => (['queued', 'uploading'].includes(item.status) ? { ...item, status: 'cancelled' as const } : item));
        return { to: 'finished', calls: [`batchFinished: ${JSON.stringify(summary(items))}`] };
      },
      // A retried file joins the queue behind the one on the wire.
      [RETRY_1]: (context: Context) => ({ to: 'uploading.sending', calls: [], see: { clipStatus: ['failed', 'cancelled'].includes(byId(context, '1')!.status) ? 'queued' : byId(context, '1')!.status } }),
    },
    finished: {
      [RETRY_1]: (context: Context) =>
        ['failed', 'cancelled'].includes(byId(context, '1')!.status)
          ? { to: 'uploading.sending', calls: [sendCall(byId(context, '1')!)] }
          : { to: 'finished', calls: [] },
      [RESET]: { to: 'editing', see: { files: [], busy: false } },
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
