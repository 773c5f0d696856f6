import { createActor, fromPromise } from 'xstate';
import { playerDownloaderMachine } from '../machines/player/playerDownloader.machine.ts';
import { PLAYER_VERSION, playerLifecycleMachine } from '../machines/player/playerLifecycle.machine.ts';
import { playerNavigationMachine } from '../machines/player/playerNavigation.machine.ts';
import { playbackState, playerSequencerMachine } from '../machines/player/playerSequencer.machine.ts';
import { downloadMedia } from '../services/player/downloads.ts';
import { showsMap } from '../services/player/navigation.ts';
import { flushPlays, ShowingClock, WidgetShowings } from '../services/player/proofOfPlay.ts';
import * as protocol from '../services/player/protocol.ts';
import type { PlayRecord } from '../services/player/protocol.ts';
import { displayAt, isValidAt, leadZone, sameLayout, scheduleExpiry, wantedMedia, type DeviceSchedule, type Play, type ScheduledLayout } from '../services/player/schedule.ts';
import { identityStore, indexedDbDatasets, indexedDbMap, indexedDbMedia, indexedDbPlays } from '../services/player/storage.ts';
import { wireChannel } from './channel.ts';
import { browserSettings } from './configs.ts';
import { language, t } from './i18n.ts';
import { MapView, place } from './map.ts';
import { Screen } from './screen.ts';
import { captureScreen } from './screenshot.ts';
import { Stage } from './stage.ts';
import { LayoutStage } from './layoutStage.ts';
import { deliveryReport } from './delivery.ts';
import { datasetReader } from './widgets/datasets.ts';

/*
 * The web player: three machines wired to the page. The lifecycle talks to the server (pairing, heartbeats, the
 * schedule); the downloader keeps the scheduled files in IndexedDB; the sequencer decides each play and the stage
 * shows it. Plays are written to IndexedDB the moment they end (with their real seconds on screen and how they ended)
 * and sent in batches after each heartbeat.
 */

document.documentElement.lang = language;
document.title = t('title');
const host = document.getElementById('player')!;
const params = new URLSearchParams(location.search);
/** `?heartbeat=N` beats every N seconds instead of the server's heartbeat_seconds (tests, diagnosis). */
const heartbeatOverride = Number(params.get('heartbeat')) || null;

const identity = identityStore.load();
const keptConfigs = identityStore.loadConfigs();
const media = indexedDbMedia;
const plays = indexedDbPlays;
const credentials = () => ({ serial: identity.serial, key: lifecycle.getSnapshot().context.key });

/** What the page says about itself, for people diagnosing a screen and for the browser tests. */
const diagnostics = { checks: {} as Record<number, string>, started: [] as number[], shown: [] as { media: number; override: number | null; at: number }[], recorded: [] as string[], gaps: [] as number[], zones: [] as { zone: number; media: number; at: number }[], widgetPaints: [] as { zone: number; kind: string; ms: number }[], transitions: 0, ignoredConfig: [] as string[], sent: 0, notices: 0, screenshots: 0, timeline: [] as { what: 'notice' | 'schedule'; at: number }[] };
(window as unknown as { vitrinePlayer: unknown }).vitrinePlayer = {
  diagnostics,
  serial: identity.serial,
  pendingPlays: () => plays.count(),
  layoutGaps: () => layoutStage.gaps(),
  state: () => ({
    lifecycle: lifecycle.getSnapshot().value,
    sequencer: sequencer.getSnapshot().value,
    downloader: downloader.getSnapshot().value,
    navigation: navigation.getSnapshot().value,
  }),
};

// The map (navigation) lies under the content; the content plays in its placeholder when the screen has a map.
const mapView = new MapView(host, () => lifecycle.getSnapshot().context.device);
const stageHost = document.createElement('div');
stageHost.className = 'stage';
host.append(stageHost);
// A layout item draws here, above the full-screen layers (issue 36).
const layoutHost = document.createElement('div');
layoutHost.className = 'layout';
layoutHost.hidden = true;
stageHost.append(layoutHost);

const showing = new ShowingClock();

/** Keeps a play that ended (see ShowingClock, WidgetShowings): written to IndexedDB, sent after a later heartbeat. */
function recordPlay(record: PlayRecord | PlayRecord[] | null): void {
  if (Array.isArray(record)) return record.forEach(recordPlay);
  if (!record || !lifecycle.getSnapshot().context.key) return;
  diagnostics.recorded.push(record.id);
  if (diagnostics.recorded.length > 1000) diagnostics.recorded.splice(0, 500);
  plays.add(record).catch((error: unknown) => console.warn('Could not record a play', error));
}

// A change of what plays is reported at once (a heartbeat through the live channel's wiring, at most one per 5.5 s).
const delivery = deliveryReport(
  undefined,
  () => channel.heartbeatNow(),
  () => {
    const play = layoutStage.play;
    return play?.layout ? { event: play.event, layout: { id: play.layout.id, version: play.layout.version }, zones: layoutStage.nowPlaying() } : null;
  },
);

/** When notices and schedules arrived (the browser test splits a switch's time with them). */
function note(what: 'notice' | 'schedule'): void {
  diagnostics.timeline.push({ what, at: Date.now() });
  if (diagnostics.timeline.length > 200) diagnostics.timeline.splice(0, 100);
}

/** The override the screen last switched to (reported once to the server, issue 35), or null under the schedule. */
let switchedTo: number | null = null;
function noteSwitch(play: Play): void {
  const override = play.override ?? null;
  if (override === switchedTo) return;
  switchedTo = override;
  if (override === null || !lifecycle.getSnapshot().context.key) return;
  protocol.reportSwitch(credentials(), override).catch((error: unknown) => console.warn('Could not report the switch to an override', error));
}

/** SCREENSHOT: the page as it looks now, uploaded as a JPEG (a failure is logged: the operator's card says no answer came). */
async function answerScreenshot(command: number): Promise<void> {
  try {
    const outcome = await protocol.sendScreenshot(credentials(), command, await captureScreen(host));
    if (outcome.ok) diagnostics.screenshots += 1;
    else console.warn('The server refused the screenshot', outcome.code);
  } catch (error) {
    console.warn('Could not send a screenshot', error);
  }
}

/** Each zone of the layout on screen has its own clock (its plays are recorded with `zone`). */
const zoneClocks = new Map<number, ShowingClock>();
const zoneClock = (zone: number) => zoneClocks.get(zone) ?? zoneClocks.set(zone, new ShowingClock()).get(zone)!;
/** The zone whose file the heartbeat's `media` names: the layout's lead zone (the largest with files). */
let reportedZone: number | null = null;
/** The widget zones' showings of the layout on screen (one per zone per layout turn). */
const widgetShowings = new WidgetShowings();
/** The datasets the widgets show, kept in IndexedDB (offline), read again when dev2 names a new checksum. */
const datasets = datasetReader(indexedDbDatasets, () => credentials());

const layoutStage = new LayoutStage(
  layoutHost,
  media,
  {
  started(zone, play, duration) {
    diagnostics.zones.push({ zone, media: play.media.id, at: Date.now() });
    if (diagnostics.zones.length > 400) diagnostics.zones.splice(0, 200);
    recordPlay(zoneClock(zone).started(play, Date.now()));
    if (zone === reportedZone) delivery.started(play, duration);
  },
  ended(zone, play) {
    recordPlay(zoneClock(zone).ended(play, Date.now()));
  },
  failed(zone, play, reason) {
    recordPlay(zoneClock(zone).failed(play, Date.now()));
    delivery.skipped(play.media.id, reason);
  },
  // One loop of the lead zone is the layout's turn: the sequence decides again (the same layout goes on drawing).
  turnEnded() {
    recordPlay(widgetShowings.turn(Date.now()));
    sequencer.send({ type: 'play.ended', now: Date.now() });
  },
  widgetPainted(zone, kind, ms) {
    diagnostics.widgetPaints.push({ zone, kind, ms });
    if (diagnostics.widgetPaints.length > 200) diagnostics.widgetPaints.splice(0, 100);
  },
  },
  {
    get timezone() {
      return widgetTimezone();
    },
    get language() {
      return language;
    },
    dataset: (data) => datasets.read(data),
    framing: (url) => protocol.checkWebPage(credentials(), url),
    map: () => navigation.getSnapshot().context.kept,
    ownDevice: () => lifecycle.getSnapshot().context.device,
    online: () => !lifecycle.getSnapshot().hasTag('offline') && navigator.onLine !== false,
  },
);
/** The widgets' time zone: the device's office's (dev2's `timezone`), read when a layout is drawn. */
const widgetTimezone = () => schedule?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The layout leaves the screen: every zone's play on screen ends cut short, and every zone stops. */
function leaveLayout(): void {
  if (!layoutStage.play) return;
  const now = Date.now();
  for (const clock of zoneClocks.values()) recordPlay(clock.cleared(now));
  zoneClocks.clear();
  recordPlay(widgetShowings.cleared(now));
  layoutStage.clear();
}

/** Draws a layout play, or lets the one drawn go on when it is the same layout version of the same event. */
function presentLayout(play: Play & { layout: ScheduledLayout }): void {
  if (sameLayout(layoutStage.play, play) && !layoutStage.halted) return layoutStage.continue(play);
  leaveLayout();
  recordPlay(showing.cleared(Date.now()));
  stage.clear();
  reportedZone = leadZone(play.layout)?.id ?? null;
  noteSwitch(play);
  delete host.dataset.media;
  layoutStage.show(play, new Set(downloader.getSnapshot().context.ready));
  delivery.layoutShown(play.event);
  recordPlay(widgetShowings.started(play, layoutStage.widgets(), Date.now()));
}

const stage = new Stage(stageHost, media, {
  started(play, duration) {
    leaveLayout();
    diagnostics.started.push(play.media.id);
    if (diagnostics.started.length > 200) diagnostics.started.splice(0, 100);
    diagnostics.shown.push({ media: play.media.id, override: play.override ?? null, at: Date.now() });
    if (diagnostics.shown.length > 200) diagnostics.shown.splice(0, 100);
    noteSwitch(play);
    diagnostics.transitions = stage.stats.transitions;
    host.dataset.media = String(play.media.id);
    recordPlay(showing.started(play, Date.now()));
    delivery.started(play, duration);
  },
  ended(play) {
    recordPlay(showing.ended(play, Date.now()));
    sequencer.send({ type: 'play.ended', now: Date.now() });
  },
  failed(play, reason) {
    leaveLayout();
    recordPlay(showing.failed(play, Date.now()));
    delivery.skipped(play.media.id, reason);
    // A second's pause, so a file that cannot play does not spin the sequence when it is the only one.
    setTimeout(() => sequencer.send({ type: 'play.failed', now: Date.now() }), 1000);
  },
});
diagnostics.gaps = stage.stats.gaps;

const sequencer = createActor(
  playerSequencerMachine.provide({
    actions: {
      present: (_, { play }) => {
        if (play.layout) return presentLayout({ ...play, layout: play.layout });
        // The layout on screen stays until the file replacing it starts (no black frame between them).
        layoutStage.halt();
        stage.present(play);
      },
      prepare: (_, { play }) => stage.prepare(play?.layout ? null : play),
    },
  }),
);

const downloader = createActor(
  playerDownloaderMachine.provide({
    actors: {
      listStored: fromPromise(() => media.list()),
      evict: fromPromise(({ input }) => media.remove(input.ids)),
      fetchMedia: fromPromise(async ({ input }) => {
        // The off hours pause downloads (issue 41): the next one waits for the on time.
        await whenOn();
        const outcome = await downloadMedia(input.media, credentials(), media);
        diagnostics.checks[outcome.id] = outcome.ok ? outcome.check : outcome.reason;
        if (!outcome.ok) delivery.skipped(outcome.id, outcome.reason);
        return outcome;
      }),
    },
    actions: {
      announceReady: (_, { ready }) => {
        stage.keepOnly(ready);
        layoutStage.setReady(new Set(ready));
        sequencer.send({ type: 'sequence.ready', ready, now: Date.now() });
      },
    },
  }),
);

const navigation = createActor(
  playerNavigationMachine.provide({
    actors: {
      loadKept: fromPromise(() => indexedDbMap.load()),
      fetchMap: fromPromise(() => protocol.fetchMap(credentials())),
    },
    actions: {
      keepMap: (_, { kept }) => void indexedDbMap.keep(kept).catch((error: unknown) => console.warn('Could not keep the map', error)),
      forgetMap: () => void indexedDbMap.forget().catch(() => undefined),
    },
  }),
);

const lifecycle = createActor(
  playerLifecycleMachine.provide({
    actors: {
      hello: fromPromise(({ input }) => protocol.hello({ serial: input.serial, key: input.key }, PLAYER_VERSION, delivery.hello())),
      heartbeat: fromPromise(async ({ input }) => {
        const outcome = await delivery.heartbeat((fields) => protocol.heartbeat({ serial: input.serial, key: input.key }, { ...input.report, ...fields, display }));
        if (outcome.ok) for (const command of outcome.commands) if (command.command === 'SCREENSHOT') void answerScreenshot(command.id);
        return outcome;
      }),
      fetchSchedule: fromPromise(({ input }) => protocol.fetchSchedule({ serial: input.serial, key: input.key }, input.device)),
      signOff: fromPromise(({ input }) => protocol.signOff({ serial: input.serial, key: input.key })),
    },
    actions: {
      keepKey: (_, { key, device }) => identityStore.keep(key, device),
      forgetKey: () => {
        identityStore.forgetKey();
        navigation.send({ type: 'navigation.forget' });
        announcedMap = null;
        void media.list().then((kept) => media.remove(kept.map((file) => file.id)));
      },
      keepSchedule: (_, { schedule }) => identityStore.keepSchedule(schedule),
      reload: (_, { acknowledged }) => {
        identityStore.keepPendingAcks(acknowledged);
        location.reload();
      },
    },
    delays: {
      heartbeat: ({ context }) => (heartbeatOverride ?? context.heartbeatSeconds) * 1000,
      retry: ({ context }) => Math.min(heartbeatOverride ?? context.heartbeatSeconds, 10) * 1000,
    },
  }),
  {
    input: {
      serial: identity.serial,
      key: identity.key,
      device: identity.device,
      schedule: identity.key ? identityStore.loadSchedule() : null,
      configVersion: keptConfigs?.version ?? null,
      acknowledged: identityStore.loadPendingAcks(),
      heartbeatSeconds: 30,
    },
  },
);

function applyConfigs(files: protocol.ConfigFile[]): void {
  const settings = browserSettings(files);
  host.classList.toggle('portrait', settings.orientation === 'portrait' && innerWidth > innerHeight);
  stage.setVolume(settings.volume ?? 1);
  layoutStage.setVolume(settings.volume ?? 1);
  const fresh = settings.ignored.filter((name) => !diagnostics.ignoredConfig.includes(name));
  if (fresh.length) {
    diagnostics.ignoredConfig.push(...fresh);
    console.info(`Vitrine player: a browser cannot apply ${fresh.join(', ')}; ignored.`);
  }
}
if (keptConfigs) applyConfigs(keptConfigs.files);

// The schedule: to the sequencer, its files to the downloader (and again every ten minutes, so finished
// occurrences' files are evicted).
let schedule: DeviceSchedule | null = null;
let wantedKey = '';

/*
 * Screen power (issue 41): in the off hours of the schedule's `power` the page is black (a cover above everything),
 * the sequencer gets the schedule without items (nothing plays: the stage and the layout are cleared, videos stop),
 * downloads wait, and heartbeats say `display: "off"`; at the on time, by this page's clock alone (offline too), the
 * schedule goes back to the sequencer, which plays what is on then, and downloads go on. Heartbeats and schedule reads
 * go on meanwhile, so a changed schedule still arrives.
 */
let display: 'on' | 'off' = 'on';
const powerCover = document.createElement('div');
powerCover.className = 'power-off';
powerCover.hidden = true;
host.dataset.display = display;
let wakeDownloads: () => void = () => undefined;
let onAgain: Promise<void> | null = null;
function whenOn(): Promise<void> {
  if (display === 'on') return Promise.resolve();
  onAgain ??= new Promise<void>((resolve) => {
    wakeDownloads = () => {
      onAgain = null;
      resolve();
    };
  });
  return onAgain;
}
/** The schedule as the sequencer plays it: without items in the off hours. */
const playable = (): DeviceSchedule | null => (display === 'off' && schedule ? { ...schedule, items: [] } : schedule);
/** Follows the schedule's power at `now`; answers whether the screen switched. */
function followPower(now: number): boolean {
  const next = displayAt(schedule, now);
  if (next === display) return false;
  display = next;
  host.dataset.display = display;
  powerCover.hidden = display === 'on';
  if (display === 'on') wakeDownloads();
  // The server learns of the switch at once (the device list says "Screen off (schedule)").
  queueMicrotask(() => channel.heartbeatNow());
  return true;
}
function wantFiles(now = Date.now()): void {
  const wanted = wantedMedia(schedule, now);
  const key = wanted.map((file) => `${file.id}:${file.checksum}`).join(',');
  if (key === wantedKey) return;
  wantedKey = key;
  downloader.send({ type: 'downloads.want', media: wanted });
}

let configs: protocol.ConfigFile[] | null = null;
let sending = false;
async function sendPlays(): Promise<void> {
  if (sending || !lifecycle.getSnapshot().context.key) return;
  sending = true;
  try {
    diagnostics.sent += await flushPlays(plays, (batch) => protocol.sendPlays(credentials(), batch));
  } catch {
    /* offline: the plays stay stored and go with a later heartbeat */
  } finally {
    sending = false;
  }
}

let lastLink = '';
let announcedMap: number | null = null;
lifecycle.subscribe((snapshot) => {
  const { context } = snapshot;
  if (context.navigationVersion !== null && context.navigationVersion !== announcedMap) {
    announcedMap = context.navigationVersion;
    navigation.send({ type: 'navigation.version', version: announcedMap });
  }
  if (context.schedule !== schedule) {
    schedule = context.schedule;
    note('schedule');
    followPower(Date.now());
    sequencer.send({ type: 'sequence.schedule', schedule: playable(), now: Date.now() });
    wantFiles();
    refreshWidgets();
  }
  if (context.configs && context.configs !== configs) {
    configs = context.configs;
    identityStore.keepConfigs(context.configVersion ?? 0, configs);
    applyConfigs(configs);
  }
  if (context.acknowledged.length === 0 && identityStore.loadPendingAcks().length) identityStore.keepPendingAcks([]);
  // After each answered heartbeat (the link rests again), the plays recorded meanwhile are sent.
  const link = snapshot.matches({ online: { link: 'resting' } }) ? 'resting' : JSON.stringify(snapshot.value);
  if (link === 'resting' && lastLink !== 'resting') void sendPlays();
  lastLink = link;
  render();
});

sequencer.subscribe((snapshot) => {
  const state = playbackState(snapshot.value);
  if (state !== 'playing') {
    recordPlay(showing.cleared(Date.now()));
    stage.clear();
    leaveLayout();
  }
  const { context } = lifecycle.getSnapshot();
  const expiry = scheduleExpiry(schedule);
  // Off by the power schedule, nothing plays by design: the state reported stays the last one played.
  if (display === 'off') return render();
  if (context.playback !== state || context.expiry !== expiry) lifecycle.send({ type: 'playback.changed', state, expiry });
  render();
});

downloader.subscribe(() => render());
let keptMap: unknown = null;
navigation.subscribe((snapshot) => {
  if (snapshot.context.kept !== keptMap) {
    keptMap = snapshot.context.kept;
    layoutStage.mapChanged();
  }
  render();
});

/**
 * A new schedule: the layout on screen, when the schedule still shows the same version of it for the same event, takes its
 * widgets' new data at once (a dataset changed: its new checksum came through the live channel), not at its next turn.
 */
function refreshWidgets(): void {
  if (!schedule) return;
  // The kept tables of datasets no widget of the schedule shows any more are forgotten.
  const shown = schedule.items.flatMap((entry) => entry.layout?.zones ?? []).flatMap((zone) => {
    const data = (zone.widget as { data?: { id?: unknown } } | undefined)?.data;
    return typeof data?.id === 'number' ? [data.id] : [];
  });
  void datasets.keepOnly(shown);
  const play = layoutStage.play;
  if (!play?.layout) return;
  const item = schedule.items.find((entry) => entry.event === play.event && entry.layout?.id === play.layout!.id && entry.layout.version === play.layout!.version);
  if (item?.layout) layoutStage.refresh(item.layout);
}

function nextOccurrence(now: number): { title: string; at: Date } | null {
  if (!isValidAt(schedule, now)) return null;
  const upcoming = schedule.items.filter((item) => Date.parse(item.starts_at) > now).sort((a, b) => Date.parse(a.starts_at) - Date.parse(b.starts_at))[0];
  return upcoming ? { title: upcoming.title, at: new Date(upcoming.starts_at) } : null;
}

function render(): void {
  const life = lifecycle.getSnapshot();
  const playing = sequencer.getSnapshot().matches('playing');
  host.dataset.lifecycle = typeof life.value === 'string' ? life.value : Object.keys(life.value)[0]!;
  host.dataset.playback = playbackState(sequencer.getSnapshot().value);
  if (!playing) delete host.dataset.media;
  const hasSchedule = life.context.schedule !== null;
  // The map shows while the screen plays its schedule (not on pairing, refusal or restart screens).
  const kept = navigation.getSnapshot().context.kept;
  const withMap = showsMap(kept) && !!life.context.key && !(['pairing', 'refused', 'keyLost', 'rebooting', 'reloading'] as const).some((state) => life.matches(state));
  const content = mapView.show(withMap ? kept : null);
  host.dataset.map = withMap ? 'shown' : 'none';
  place(stageHost, content);
  screen.placeContent(content);
  if (life.matches('pairing')) {
    screen.pairingProblemIs(life.context.problem);
    screen.show('pairing');
  } else if (life.matches('refused')) screen.show('disabled');
  else if (life.matches('keyLost')) {
    screen.keyLostBecause(life.context.problem);
    screen.show('keyLost');
  } else if (life.matches('rebooting') || life.matches('reloading')) screen.status('status.rebooting');
  else if (playing) screen.show(null);
  else if (hasSchedule || life.matches('online')) screen.idle(nextOccurrence(Date.now()));
  else screen.status(life.matches('syncing') ? 'status.syncing' : 'status.starting');
  const queued = downloader.getSnapshot().context.queue.length;
  const offline = life.hasTag('offline');
  screen.note(
    offline
      ? t(isValidAt(schedule, Date.now()) ? 'status.offline' : 'status.offlineStale')
      : queued > 0 && downloader.getSnapshot().hasTag('busy')
        ? t('status.downloading', { count: queued })
        : null,
  );
}

const screen = new Screen(host, identity.serial, () => lifecycle.send({ type: 'player.repair' }));
host.append(powerCover);
sequencer.start();
downloader.start();
navigation.start();
lifecycle.start();
const channel = wireChannel(lifecycle, identity.serial, host, (event) => {
  if (event.type === 'notice') {
    diagnostics.notices += 1;
    note('notice');
  }
});

let minute = -1;
setInterval(() => {
  const now = Date.now();
  if (followPower(now)) sequencer.send({ type: 'sequence.schedule', schedule: playable(), now });
  sequencer.send({ type: 'clock.tick', now });
  screen.tick(new Date(now));
  const thisMinute = Math.floor(now / 60_000);
  if (thisMinute !== minute) {
    minute = thisMinute;
    if (thisMinute % 10 === 0) wantFiles(now);
    render();
  }
}, 1000);
