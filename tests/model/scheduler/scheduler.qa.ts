import { schedulerMachine, type SchedulerContext } from '../../../src/machines/scheduler/scheduler.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { SchedulerEvent } from '../../../src/services/scheduler.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const MORNING: SchedulerEvent = {
  id: 1,
  campaign: 9,
  campaign_name: 'Осенняя распродажа',
  title: 'Morning news',
  media: null,
  media_name: null,
  playlist: 4,
  playlist_name: 'Morning news',
  playlist_committed: false,
  start_date: '2026-11-02',
  start_time: '08:00',
  end_date: '2026-11-30',
  end_time: '09:00',
  all_day: false,
  color: '#3788d8',
  duration: null,
  repeat: true,
  weekdays: [1, 2, 3, 4, 5],
  devices: [11, 12],
  published: true,
  priority: 0,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};
const EVENING: SchedulerEvent = { ...MORNING, id: 2, title: 'Вечерний эфир', start_time: '19:00', end_time: '21:00', published: false };
const LUNCH: SchedulerEvent = { ...MORNING, id: 3, title: 'Lunch offers', start_time: '12:00', end_time: '13:00', published: false };
const MORNING_MOVED: SchedulerEvent = { ...MORNING, start_date: '2026-11-03', published: false };
const offline = new ApiRequestError({ status: 0, code: 'network_error', detail: '' });

const LOADED = 'the events load, all published';
const LOADED_UNPUBLISHED = 'the events load, "Вечерний эфир" not published';
const LOAD_FAILS = 'loading the events fails';
const RETRY = 'press "Retry"';
const NEXT_MONTH = 'go to the next month';
const FILTER = 'show only campaign 9';
const SAVED = 'the event form saves "Lunch offers"';
const MOVE = 'drag "Morning news" one day later';
const MOVED = 'the server saves the move';
const SHIFT = 'drag Tuesday\'s "Morning news" (a weekly repeat) to Wednesday';
const STRETCH_REFUSED = 'stretch an occurrence of "Morning news" to end the next morning';
const MOVE_REFUSED = 'the server refuses the move';
const MOVE_FAILS = 'the network is down during the move';
const DELETE = 'delete "Morning news" (confirmed)';
const DELETED = 'the server deletes it';
const DELETE_FAILS = 'the network is down during the delete';
const PUBLISH = 'press "Publish"';
const PUBLISHED = 'the server publishes the campaign';
const UNCOMMITTED = 'the server refuses: playlist "Morning news" is not committed';
const PUBLISH_FAILS = 'the network is down during the publish';
const DISMISS = 'close the uncommitted-playlists message';
const PUBLISHED_WARNING = 'the server publishes, warning that 3 screens wait for a render of "Promo.mp4"';
const DISMISS_WARNINGS = 'close the message of what screens cannot play';
const CHECKED_CLEAR = 'the server says every screen can play everything';
const CHECKED_WARNING = 'the server says 3 screens cannot play "Promo.mp4" yet (converting it)';
const CHECK_FAILS = 'the network is down during the check';
const CHECKED_UNCOMMITTED = 'the server says playlist "Morning news" is not committed, and 3 screens cannot play "Promo.mp4" yet';
const CONFIRM = 'press "Publish anyway" in the confirmation';
const CANCEL = 'press "Cancel" in the confirmation';
const PUBLISHING = (campaign: number | null) => ({ to: 'ready.publishing', see: { busy: true, preflight: null }, calls: [`publish: {"campaign":${campaign}}`], screen: [`${text('scheduler:actions.publish')} shows a spinner`, READ_ONLY] });
const CHECKING = (campaign: number | null) => ({ to: 'ready.checking', see: { busy: true }, calls: [`preflight: {"campaign":${campaign}}`], screen: [`${text('scheduler:actions.publish')} shows a spinner`, READ_ONLY] });

const PUBLISHED_LINE = text('scheduler:status.published');
const UNPUBLISHED_LINE = text('scheduler:status.unpublished');
const READ_ONLY = 'the calendar is read-only until the server answers';
const USER = 'admin (or a user with scheduler edit rights)';
const DATA = 'campaign 9 "Осенняя распродажа" with devices 11 and 12, its published weekly event "Morning news" (Monday to Friday, 08:00-09:00, 2 to 30 November 2026) on the playlist "Morning news"; the calendar on November 2026';
const RANGE = { start: '2026-11-30', end: '2027-01-11' };
type Context = SchedulerContext;
const ids = (events: SchedulerEvent[]) => events.map((event) => `${event.id}${event.published ? '' : '*'}`);
/** Written from the spec: the campaign is unpublished while any of its events is, here or outside the range. */
const modeOf = (context: Context) => (context.campaignUnpublished || context.events.some((event) => !event.published) ? 'ready.unpublished' : 'ready.published');
const reload = (change: Partial<Context['query']>) => (context: Context) => ({
  to: 'loading',
  see: { loading: true },
  screen: [`${text('scheduler:calendar.loading')} (the events of the ${'start' in change ? 'next month' : 'campaign'})`],
  calls: [`loadSchedule: ${JSON.stringify({ ...context.query, ...change })}`],
});
const saved = (event: SchedulerEvent) => (context: Context) => {
  const known = context.events.some((e) => e.id === event.id);
  const events = known ? context.events.map((e) => (e.id === event.id ? { ...event, published: false } : e)) : [...context.events, { ...event, published: false }];
  return { to: 'ready.unpublished', see: { events: ids(events), unpublished: true, busy: false }, screen: shows(context, [`"${event.title}" on ${event.start_date}, ${event.start_time}-${event.end_time}, marked ${text('scheduler:event.unpublished')}`], true) };
};
const restored = (context: Context) => ({
  to: modeOf(context),
  see: { events: ids(context.events), busy: false },
  calls: ['notify: messages.saveError'],
  screen: ['"Morning news" back where it was'],
});
/** What the calendar shows: the events, each unpublished one marked, and the status line (a campaign's calendar only). */
const shows = (context: Context, events: string[], unpublished: boolean) => [...events, ...status(context, unpublished)];
const status = (context: Context, unpublished: boolean) => (context.query.campaign === null ? [] : [unpublished ? UNPUBLISHED_LINE : PUBLISHED_LINE]);
const WHILE_BUSY = 'while the server answers';
/** The calendar is read-only while a write is on its way. */
const busyIgnores = (state: string) => ({ [NEXT_MONTH]: state, [FILTER]: state, [SAVED]: state, [MOVE]: state, [SHIFT]: state, [STRETCH_REFUSED]: state, [DELETE]: state });

/**
 * Issue 11, the campaign calendar: events load for the visible range; any change makes the campaign unpublished
 * (section 4, "Campaign events"), which the leave guard reads; Publish is refused with "Uncommited playlists found!"
 * while an event uses an uncommitted playlist (section 8). Moves and deletes are written at once.
 */
export default defineQa({
  machine: schedulerMachine,
  file: 'src/machines/scheduler/scheduler.machine.ts',
  title: 'The campaign calendar',
  req: { [PUBLISHED]: ['S4.6-1'], [LOADED_UNPUBLISHED]: ['S4.6-1'], [UNCOMMITTED]: ['S8.2-15'], [MOVE_FAILS]: ['S8.2-14'] },
  namespace: 'scheduler',
  preconditions: {
    "one campaign's calendar": { route: '/campaigns/9/scheduler ("Scheduler" of campaign 9 on /campaigns)', user: USER, data: DATA },
    'the calendar of every campaign': { route: '/scheduler', user: USER, data: DATA },
  },
  howTo: {
    [LOAD_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/scheduler/events/ and reload',
    [LOADED_UNPUBLISHED]: 'before opening, add the event "Вечерний эфир" (19:00-21:00) and do not publish',
    [NEXT_MONTH]: `press ${text('scheduler:calendar.next')} in the calendar toolbar`,
    [FILTER]: 'choose "Осенняя распродажа" in the "Campaign" box of /scheduler',
    [SAVED]: 'press "Add event", title "Lunch offers", playlist "Morning news", 12:00-13:00, both devices, and save',
    [MOVE]: 'in the Month view, drag the 2 November "Morning news" onto 3 November',
    [SHIFT]: 'in the Week view, drag Tuesday\'s "Morning news" onto Wednesday',
    [STRETCH_REFUSED]: 'in the Week view, drag the bottom edge of a "Morning news" showing down into the next day',
    [MOVE_REFUSED]: 'in the devtools Network tab, override the answer of PUT /api/v1/scheduler/events/1 with status 400 and {"code":"validation_error","fields":{"devices":"devices_required"}}, then drag',
    [MOVE_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/scheduler/events/1 before dragging',
    [DELETE]: 'click "Morning news", press "Delete event" in the form and confirm',
    [DELETE_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/scheduler/events/1 before confirming the delete',
    [UNCOMMITTED]: 'leave the playlist "Morning news" uncommitted (save a change to it, do not press "Commit")',
    [PUBLISHED_WARNING]: 'schedule a freshly uploaded video Promo.mp4 that 3 of the screens need converted, and publish before it is converted',
    [PUBLISH_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/scheduler/publish/9/ before pressing "Publish"',
    [DISMISS]: 'press the close button (×) of the message',
    [DISMISS_WARNINGS]: 'press the close button (×) of the message',
    [CHECKED_WARNING]: 'schedule a freshly uploaded video Promo.mp4 that 3 of the screens need converted, and press "Publish" before it is converted',
    [CHECK_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/scheduler/publish/9/preview/ before pressing "Publish"',
    [CHECKED_UNCOMMITTED]: 'leave the playlist "Morning news" uncommitted and schedule a freshly uploaded video Promo.mp4 that 3 of the screens need converted, then press "Publish"',
  },
  offScreen: {
    [RETRY]: { loading: '"Retry" is shown only after a load failed', ready: '"Retry" is shown only after a load failed' },
    [PUBLISH]: {
      loading: '"Publish" is disabled while the events load',
      failed: '"Publish" is disabled after the load failed',
      'ready.published': '"Publish" is disabled while every event is published',
      'ready.publishing': `"Publish" is disabled ${WHILE_BUSY}`,
      'ready.checking': `"Publish" is disabled ${WHILE_BUSY}`,
      'ready.confirming': 'the publish confirmation covers the calendar',
      'ready.moving': `"Publish" is disabled ${WHILE_BUSY}`,
      'ready.deleting': `"Publish" is disabled ${WHILE_BUSY}`,
    },
    [DISMISS]: (view) => ((view.uncommitted as string[]).length ? undefined : 'no uncommitted-playlists message is shown'),
    [DISMISS_WARNINGS]: (view) => ((view.warnings as string[]).length ? undefined : 'no message of what screens cannot play is shown'),
    [CONFIRM]: (view) => (view.preflight ? undefined : 'no publish confirmation is open'),
    [CANCEL]: (view) => (view.preflight ? undefined : 'no publish confirmation is open'),
  },
  actors: ['loadSchedule', 'saveMove', 'deleteEvent', 'publish', 'preflight'],
  recorded: ['notify'],
  describeCall: (name, argument) => {
    if (name === 'notify') return `notify: ${(argument as { key: string }).key}`;
    if (name === 'saveMove') {
      const event = (argument as { event: SchedulerEvent }).event;
      return `saveMove: event ${event.id} from ${event.start_date} on ${event.weekdays.join(',')} ${event.start_time}-${event.end_time}`;
    }
    return `${name}: ${JSON.stringify(argument)}`;
  },
  starts: {
    'one campaign\'s calendar': () => ({ query: { campaign: 9, start: '2026-10-26', end: '2026-12-07' } }),
    'the calendar of every campaign': () => ({ query: { campaign: null, start: '2026-10-26', end: '2026-12-07' } }),
  },
  events: {
    [LOADED]: done('loadSchedule', { events: [MORNING], unpublished: false }),
    [LOADED_UNPUBLISHED]: done('loadSchedule', { events: [MORNING, EVENING], unpublished: true }),
    [LOAD_FAILS]: error('loadSchedule', offline),
    [RETRY]: { type: 'schedule.retry' },
    [NEXT_MONTH]: { type: 'range.change', ...RANGE },
    [FILTER]: { type: 'campaign.filter', campaign: 9 },
    [SAVED]: { type: 'event.saved', event: LUNCH },
    [MOVE]: { type: 'event.move', event: MORNING_MOVED },
    [SHIFT]: { type: 'event.shift', event: MORNING, change: { kind: 'move', minutes: 1440, allDay: false } },
    [STRETCH_REFUSED]: { type: 'event.shift', event: MORNING, change: { kind: 'resize', minutes: 1440 } },
    [MOVED]: done('saveMove', { ok: true, value: MORNING_MOVED }),
    [MOVE_REFUSED]: done('saveMove', { ok: false, code: 'validation_error', fields: { devices: 'devices_required' } }),
    [MOVE_FAILS]: error('saveMove', offline),
    [DELETE]: { type: 'event.delete', id: 1 },
    [DELETED]: done('deleteEvent', { id: 1 }),
    [DELETE_FAILS]: error('deleteEvent', offline),
    [PUBLISH]: { type: 'publish.start' },
    [PUBLISHED]: done('publish', { ok: true, result: { campaign: 9, events: 2, devices: 2, changed: 2, published_at: '2026-11-22T18:00:00Z', warnings: [] } }),
    [PUBLISHED_WARNING]: done('publish', {
      ok: true,
      result: { campaign: 9, events: 2, devices: 5, changed: 5, published_at: '2026-11-22T18:00:00Z', warnings: [{ media: 7, name: 'Promo.mp4', devices: 3, reason: 'rendering' }] },
    }),
    [DISMISS_WARNINGS]: { type: 'warnings.dismiss' },
    [UNCOMMITTED]: done('publish', { ok: false, playlists: [{ id: 4, name: 'Morning news' }] }),
    [PUBLISH_FAILS]: error('publish', offline),
    [DISMISS]: { type: 'publish.dismiss' },
    [CHECKED_CLEAR]: done('preflight', { devices: 2, warnings: [], uncommitted: [] }),
    [CHECKED_WARNING]: done('preflight', { devices: 5, warnings: [{ media: 7, name: 'Promo.mp4', devices: 3, reason: 'rendering', screens: ['Hall 1', 'Hall 2', 'Hall 3'] }], uncommitted: [] }),
    [CHECK_FAILS]: error('preflight', offline),
    [CHECKED_UNCOMMITTED]: done('preflight', {
      devices: 5,
      warnings: [{ media: 7, name: 'Promo.mp4', devices: 3, reason: 'rendering', screens: ['Hall 1', 'Hall 2', 'Hall 3'] }],
      uncommitted: [{ id: 4, name: 'Morning news' }],
    }),
    [CONFIRM]: { type: 'publish.confirm' },
    [CANCEL]: { type: 'publish.cancel' },
  },
  initial: {
    'one campaign\'s calendar': { to: 'loading', see: { loading: true, events: [] }, calls: ['loadSchedule: {"campaign":9,"start":"2026-10-26","end":"2026-12-07"}'] },
    'the calendar of every campaign': { to: 'loading', see: { loading: true, events: [] }, calls: ['loadSchedule: {"campaign":null,"start":"2026-10-26","end":"2026-12-07"}'] },
  },
  expect: {
    loading: {
      [LOADED]: (context: Context) => ({
        to: 'ready.published',
        see: { loading: false, events: ['1'], unpublished: false },
        screen: shows(context, ['"Morning news" on every weekday, 08:00-09:00'], false),
      }),
      [LOADED_UNPUBLISHED]: (context: Context) => ({
        to: 'ready.unpublished',
        see: { events: ['1', '2*'], unpublished: true },
        screen: shows(context, ['"Morning news" on every weekday, 08:00-09:00', `"Вечерний эфир" 19:00-21:00 marked ${text('scheduler:event.unpublished')}`], true),
      }),
      [LOAD_FAILS]: { to: 'failed', see: { error: 'network_error', loading: false }, screen: [`${text('scheduler:messages.loadError')} and the button ${text('scheduler:actions.retry')}`] },
      // A newer range or filter replaces the load on its way.
      [NEXT_MONTH]: reload(RANGE),
      [FILTER]: reload({ campaign: 9 }),
    },
    failed: {
      [RETRY]: (context: Context) => ({ to: 'loading', calls: [`loadSchedule: ${JSON.stringify(context.query)}`], screen: [text('scheduler:calendar.loading')] }),
      [NEXT_MONTH]: reload(RANGE),
      [FILTER]: reload({ campaign: 9 }),
    },
    ready: {
      [NEXT_MONTH]: reload(RANGE),
      [FILTER]: reload({ campaign: 9 }),
      [SAVED]: saved(LUNCH),
      [MOVE]: { to: 'ready.moving', see: { busy: true }, calls: ['saveMove: event 1 from 2026-11-03 on 1,2,3,4,5 08:00-09:00'], screen: ['"Morning news" starts on 3 November', READ_ONLY] },
      // The whole series moves a day: from 2026-11-03, on Tuesday to Saturday (Monday to Friday a day later).
      [SHIFT]: { to: 'ready.moving', see: { busy: true }, calls: ['saveMove: event 1 from 2026-11-03 on 2,3,4,5,6 08:00-09:00'], screen: ['"Morning news" shows Tuesday to Saturday', READ_ONLY] },
      // An hour-long showing stretched by a day would last 25 hours: no repeat says that, nothing is sent.
      [STRETCH_REFUSED]: (context: Context) => ({ to: modeOf(context), see: { events: ids(context.events), busy: false }, calls: ['notify: messages.seriesRefused'], screen: ['the showing springs back to 08:00-09:00'] }),
      [DELETE]: { to: 'ready.deleting', see: { busy: true }, calls: ['deleteEvent: {"id":1}'], screen: [READ_ONLY] },
    },
    'ready.published': {
      [DISMISS_WARNINGS]: (context: Context) => ({ to: 'ready.published', see: { warnings: [] }, ...(context.warnings.length ? { screen: ['the message closes'] } : {}) }),
    },
    'ready.unpublished': {
      // Warnings before, not after (issue 35): the server is asked first what the publish would leave unplayable.
      [PUBLISH]: (context: Context) => (context.query.campaign === null ? 'ready.unpublished' : CHECKING(context.query.campaign)),
    },
    'ready.uncommitted': {
      [PUBLISH]: (context: Context) => (context.query.campaign === null ? 'ready.uncommitted' : CHECKING(context.query.campaign)),
      [DISMISS]: { to: 'ready.unpublished', see: { uncommitted: [] }, screen: ['the message closes'] },
    },
    'ready.checking': {
      ...busyIgnores('ready.checking'),
      [CHECKED_CLEAR]: (context: Context) => PUBLISHING(context.query.campaign),
      [CHECKED_WARNING]: {
        to: 'ready.confirming',
        see: { busy: false, preflight: ['Promo.mp4: 3 rendering (Hall 1, Hall 2, Hall 3)'] },
        screen: [
          `the dialog ${text('scheduler:publish.confirmTitle')}: ${text('common:preflight.warning.rendering_other', { count: 3, name: 'Promo.mp4' })}, ${text('common:preflight.screens', { names: 'Hall 1, Hall 2, Hall 3' })}`,
          `the buttons ${text('scheduler:publish.confirm')} and ${text('common:actions.cancel')}`,
        ],
      },
      // A publish the server would refuse for an uncommitted playlist is sent at once: its refusal names the playlists
      // to commit (the warnings come again at the next publish).
      [CHECKED_UNCOMMITTED]: (context: Context) => PUBLISHING(context.query.campaign),
      // The check failed: the operator is told and may publish all the same (the publish's answer still warns).
      [CHECK_FAILS]: {
        to: 'ready.confirming',
        see: { busy: false, preflight: 'failed' },
        screen: [`the dialog ${text('scheduler:publish.confirmTitle')}: ${text('scheduler:publish.checkFailed')}`, `the buttons ${text('scheduler:publish.confirm')} and ${text('common:actions.cancel')}`],
      },
    },
    'ready.confirming': {
      ...busyIgnores('ready.confirming'),
      [CONFIRM]: (context: Context) => PUBLISHING(context.query.campaign),
      [CANCEL]: (context: Context) => ({ to: 'ready.unpublished', see: { preflight: null, unpublished: true, busy: false }, calls: [], screen: ['the dialog closes; nothing is published', ...status(context, true)] }),
    },
    'ready.publishing': {
      ...busyIgnores('ready.publishing'),
      [PUBLISHED]: (context: Context) => ({
        to: 'ready.published',
        see: { unpublished: false, busy: false, events: context.events.map((event) => String(event.id)), warnings: [] },
        calls: ['notify: messages.published'],
        screen: [...status(context, false), `no event marked ${text('scheduler:event.unpublished')}`],
      }),
      // Published all the same; the operator is told in words which screens cannot play what yet (issue 24).
      [PUBLISHED_WARNING]: (context: Context) => ({
        to: 'ready.published',
        see: { unpublished: false, busy: false, events: context.events.map((event) => String(event.id)), warnings: ['Promo.mp4: 3 rendering'] },
        calls: ['notify: messages.publishedWithWarnings'],
        screen: [...status(context, false), `the message ${text('scheduler:messages.publishedWithWarnings')}: ${text('common:preflight.warning.rendering_other', { count: 3, name: 'Promo.mp4' })}`],
      }),
      [UNCOMMITTED]: {
        to: 'ready.uncommitted',
        see: { uncommitted: ['Morning news'], unpublished: true },
        calls: ['notify: messages.uncommitted'],
        screen: [`the message ${text('scheduler:messages.uncommitted')} ${text('scheduler:publish.commitFirst_one')} Morning news (a link to the playlist)`, UNPUBLISHED_LINE],
      },
      [PUBLISH_FAILS]: { to: 'ready.unpublished', see: { error: 'network_error', unpublished: true }, calls: ['notify: messages.publishError'], screen: ['"Publish" is enabled again', UNPUBLISHED_LINE] },
    },
    'ready.moving': {
      ...busyIgnores('ready.moving'),
      [MOVED]: saved(MORNING_MOVED),
      // A refused or failed move puts the event back where it was.
      [MOVE_REFUSED]: restored,
      [MOVE_FAILS]: restored,
    },
    'ready.deleting': {
      ...busyIgnores('ready.deleting'),
      [DELETED]: (context: Context) => ({
        to: 'ready.unpublished',
        see: { events: ids(context.events.filter((event) => event.id !== 1)), unpublished: true },
        calls: ['notify: messages.removed'],
        screen: ['"Morning news" leaves the calendar', ...status(context, true)],
      }),
      [DELETE_FAILS]: (context: Context) => ({ to: modeOf(context), see: { events: ids(context.events) }, calls: ['notify: messages.removeError'], screen: ['"Morning news" stays'] }),
    },
  },
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    unpublished: snapshot.hasTag('unpublished'),
    events: ids(snapshot.context.events),
    uncommitted: snapshot.context.uncommitted.map((playlist) => playlist.name),
    warnings: snapshot.context.warnings.map((warning) => `${warning.name}: ${warning.devices} ${warning.reason}`),
    preflight: snapshot.context.preflight === null
      ? null
      : snapshot.context.preflight.failed
        ? 'failed'
        : snapshot.context.preflight.warnings.map((warning) => `${warning.name}: ${warning.devices} ${warning.reason} (${(warning.screens ?? []).join(', ')})`),
    error: snapshot.context.error,
  }),
  key: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.query.campaign, ids(snapshot.context.events), snapshot.context.campaignUnpublished, snapshot.context.uncommitted.length, snapshot.context.warnings.length, snapshot.context.preflight?.failed ?? null]),
});
