import { playerDownloaderMachine, type DownloaderContext } from '../../../src/machines/player/playerDownloader.machine.ts';
import type { ScheduledMedia } from '../../../src/services/player/schedule.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

/** Tries of one file whose bytes differ from its checksum before it is given up until the next schedule (docs/api.md). */
const ATTEMPTS = 3;

const file = (id: number): ScheduledMedia => ({ id, url: `/api/v1/media/files/${id}/source`, checksum: `sum-${id}`, duration: 5, type: '' });

const WANT = 'a schedule wants files 1 and 2';
const WANT_TWO = 'a new schedule wants file 2 only';
const NOTHING_KEPT = 'the browser keeps no file';
const SOME_KEPT = 'the browser keeps file 1 and an old file 9';
const LIST_FAILS = 'the browser storage cannot be read';
const EVICTED = 'the stale files are removed';
const EVICT_FAILS = 'removing the stale files fails';
const FETCHED = 'the file arrives and its checksum matches';
const MISMATCH = 'the file arrives with a wrong checksum';
const MISSING = 'the server has no such file (404)';
const FETCH_OFFLINE = 'the download cannot reach the server';
const RETRY = 'the retry pause runs out';

const ids = (list: number[]) => list.join(',');
const LOOKS = `the tab looks through the files it keeps first: its status line shows ${text('player:status.downloading', { count: 2 })} (or alike) only once downloads start`;
const scan = { to: 'scanning', calls: ['listStored'], screen: [LOOKS] };

/** What the machine must do after a file of the queue is settled: the next download, or complete. */
function afterSettled(context: DownloaderContext, queue: ScheduledMedia[], extra: string[] = []) {
  const see = { queue: ids(queue.map((media) => media.id)) };
  return queue.length ? { to: 'fetching', see, calls: [...extra, `fetchMedia: ${queue[0]!.id}`] } : { to: 'complete', see, calls: extra };
}

/** The downloader of the web player: evict what is no longer scheduled, download the rest, check each checksum. */
export default defineQa({
  machine: playerDownloaderMachine,
  file: 'src/machines/player/playerDownloader.machine.ts',
  title: 'The web player downloader',
  actors: ['listStored', 'evict', 'fetchMedia'],
  recorded: ['announceReady'],
  namespace: 'player',
  preconditions: {
    start: {
      route: '/player in a browser tab of its own (a new profile), adopted in the panel under Clients',
      user: 'admin in the panel (to adopt the /player tab and schedule it); /player itself needs no sign-in',
      data: 'two image files 1 and 2 in Media, both scheduled on the adopted device for now; the devtools open on the /player tab (Application: Cache Storage, Network)',
    },
  },
  howTo: {
    [WANT]: 'publish a schedule with files 1 and 2 for the device (or wait: the tab asks again every 10 minutes)',
    [WANT_TWO]: 'take file 1 out of the schedule and publish again',
    [NOTHING_KEPT]: 'use a tab whose Cache Storage is empty (devtools Application: Clear site data, then reload)',
    [SOME_KEPT]: 'let the tab download file 1 under an older schedule that also had a file 9',
    [LIST_FAILS]: "in the browser settings, block site data for the panel's address, then reload /player: its storage refuses to open",
    [FETCH_OFFLINE]: 'in the devtools Network tab, choose "Offline" before the schedule arrives',
    [MISSING]: 'delete file 2 in Media after the schedule was published',
    [MISMATCH]: 'replace the stored object of file 2 in the object store by other bytes',
  },
  offScreen: {
    [EVICT_FAILS]: 'the browser refuses to remove files it keeps only when its storage breaks mid-way: nothing a tester can set up on purpose',
  },
  describeCall: (name, argument) => {
    const input = argument as Record<string, any> | undefined;
    if (name === 'announceReady') return `announceReady: ${ids(input!.ready)}`;
    if (name === 'evict') return `evict: ${ids(input!.ids)}`;
    if (name === 'fetchMedia') return `fetchMedia: ${input!.media.id}`;
    return name;
  },
  events: {
    [WANT]: { type: 'downloads.want', media: [file(1), file(2)] },
    [WANT_TWO]: { type: 'downloads.want', media: [file(2)] },
    [NOTHING_KEPT]: done('listStored', []),
    [SOME_KEPT]: done('listStored', [{ id: 1, checksum: 'sum-1' }, { id: 9, checksum: 'sum-9' }]),
    [LIST_FAILS]: error('listStored', new Error('QuotaExceededError')),
    [EVICTED]: done('evict', undefined),
    [EVICT_FAILS]: error('evict', new Error('blocked')),
    [FETCHED]: done('fetchMedia', { ok: true, id: 0, check: 'match' }),
    [MISMATCH]: done('fetchMedia', { ok: false, id: 0, reason: 'checksum_mismatch' }),
    [MISSING]: done('fetchMedia', { ok: false, id: 0, reason: 'not_found' }),
    [FETCH_OFFLINE]: error('fetchMedia', new TypeError('Failed to fetch')),
    [RETRY]: after('retry', 'downloader.resting'),
  },
  initial: { start: { to: 'idle', see: { ready: '', queue: '' } } },
  delays: { retry: { ms: 10_000, from: 'README web player: the player retries every 10 s while the server does not answer' } },
  expect: {
    '': { [WANT]: scan, [WANT_TWO]: scan },
    scanning: {
      [NOTHING_KEPT]: (context: DownloaderContext) => ({ to: 'evicting', see: { ready: '', queue: ids(context.wanted.map((m) => m.id)) }, calls: ['announceReady: ', 'evict: '] }),
      [SOME_KEPT]: (context: DownloaderContext) => {
        const wanted = context.wanted.map((m) => m.id);
        const ready: number[] = wanted.filter((id) => id === 1);
        const stale = [1, 9].filter((id) => !ready.includes(id));
        return { to: 'evicting', see: { ready: ids(ready), queue: ids(wanted.filter((id) => id !== 1)) }, calls: [`announceReady: ${ids(ready)}`, `evict: ${ids(stale)}`] };
      },
      [LIST_FAILS]: 'resting',
    },
    evicting: {
      [EVICTED]: (context: DownloaderContext) => afterSettled(context, context.queue),
      [EVICT_FAILS]: (context: DownloaderContext) => afterSettled(context, context.queue),
    },
    fetching: {
      [FETCHED]: (context: DownloaderContext) => {
        const ready = [...context.ready, context.queue[0]!.id];
        return { ...afterSettled(context, context.queue.slice(1), [`announceReady: ${ids(ready)}`]), see: { ready: ids(ready) } };
      },
      [MISMATCH]: (context: DownloaderContext) => {
        const [head, ...rest] = context.queue;
        const attempts = (context.attempts[head!.id] ?? 0) + 1;
        // Another try: the file goes to the end of the queue and is not given up.
        if (attempts < ATTEMPTS) {
          const settled = afterSettled(context, [...rest, head!]);
          return { ...settled, see: { ...settled.see, failed: ids(context.failed) } };
        }
        return { ...afterSettled(context, rest), see: { failed: ids([...context.failed, head!.id]) } };
      },
      [MISSING]: (context: DownloaderContext) => ({ ...afterSettled(context, context.queue.slice(1)), see: { failed: ids([...context.failed, context.queue[0]!.id]) } }),
      [FETCH_OFFLINE]: 'resting',
    },
    resting: { [RETRY]: scan },
  },
  view: (snapshot) => ({
    ready: ids(snapshot.context.ready),
    queue: ids(snapshot.context.queue.map((m) => m.id)),
    failed: ids(snapshot.context.failed),
  }),
  invariant: (snapshot) => {
    const { ready, failed } = snapshot.context;
    if (ready.some((id) => failed.includes(id))) throw new Error('a file is both ready and failed');
  },
  depth: 10,
  maxPathLength: 16,
});
