import { deviceScreenshotMachine } from '../../../src/machines/devices/deviceScreenshot.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { DeviceScreenshot } from '../../../src/services/schemas/screenshots.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';
import { DEVICES_EDITOR, offlineBefore, withScreen } from './pages.ts';

const shot = (id: number, command: number | null): DeviceScreenshot => ({
  id,
  taken_at: `2026-11-22T10:0${id}:00.000Z`,
  bytes: 1135,
  command,
  requested_by: 'admin',
  link: `/api/v1/tvpi/devices/5/screenshots/${id}`,
});
const OLD = shot(1, 3);
const NEW = shot(2, 9);
const offline = new ApiRequestError({ status: 0, code: 'network_error', detail: '' });
const disabled = new ApiRequestError({ status: 409, code: 'device_disabled', detail: '' });

const NONE = 'the server has no screenshot of the device';
const ONE = 'the server answers an earlier screenshot';
const ANSWER = 'the server answers the new screenshot (command 9) and the earlier one';
const LOAD_FAILS = 'loading the screenshots fails (network down)';
const TAKE = 'press "Take screenshot"';
const RETRY = 'press "Try again"';
const QUEUED = 'the server queues the SCREENSHOT command (id 9)';
const REFUSED = 'the server refuses the command: the device is disabled';
const POLL_FAILS = 'asking again fails (network down)';
const TICK = 'two seconds pass';
const TIMEOUT = 'thirty seconds pass without an answer';

/** Issue 25, the device card: the latest screenshot; "Take screenshot" waits for the screen's answer, with a timeout. */
export default defineQa({
  machine: deviceScreenshotMachine,
  file: 'src/machines/devices/deviceScreenshot.machine.ts',
  title: "The device card's screenshot",
  preconditions: {
    start: { route: '/devices', user: DEVICES_EDITOR, data: 'an active device 5 whose player is connected (a /player tab paired with it), with or without an earlier screenshot as the second step says; press its row: the card opens with its Screenshot section' },
  },
  howTo: {
    [LOAD_FAILS]: offlineBefore('pressing the device\'s row'),
    [POLL_FAILS]: 'in the devtools Network tab, block the URL /api/v1/tvpi/devices/5/screenshots/ right after pressing "Take screenshot"',
    [REFUSED]: 'deactivate device 5 in another tab first (this card still offers the button)',
    [NONE]: 'use a device that has never sent a screenshot',
    [QUEUED]: 'wait: the server queues the command at once',
    [TIMEOUT]: 'close the /player tab of device 5 before pressing "Take screenshot", then wait 30 seconds',
    [`${ONE} (again)`]: 'with the /player tab closed, the card asks again every 2 seconds and gets the earlier screenshot',
  },
  offScreen: {
    [TAKE]: {
      loading: '"Take screenshot" is disabled while the screenshots load',
      failed: '"Take screenshot" is disabled until the screenshots load',
      requesting: '"Take screenshot" is disabled while it waits',
      waiting: '"Take screenshot" is disabled while it waits',
    },
    [RETRY]: '"Try again" is shown only when the screenshots could not be loaded',
  },
  actors: ['loadScreenshots', 'requestScreenshot', 'pollScreenshots'],
  input: { device: 5 },
  events: {
    [NONE]: done('loadScreenshots', { results: [] }),
    [ONE]: done('loadScreenshots', { results: [OLD] }),
    [ANSWER]: done('pollScreenshots', { results: [NEW, OLD] }),
    [`${ONE} (again)`]: done('pollScreenshots', { results: [OLD] }),
    [LOAD_FAILS]: error('loadScreenshots', offline),
    [POLL_FAILS]: error('pollScreenshots', offline),
    [TAKE]: { type: 'screenshot.take' },
    [RETRY]: { type: 'screenshot.retry' },
    [QUEUED]: done('requestScreenshot', { id: 9, device: 5, command: 'SCREENSHOT', status: 'queued', created_at: '2026-11-22T10:02:00.000Z' }),
    [REFUSED]: error('requestScreenshot', disabled),
    [TICK]: after('poll', 'deviceScreenshot.waiting.resting'),
    [TIMEOUT]: after('answerTimeout', 'deviceScreenshot.waiting'),
  },
  initial: { start: { to: 'loading', see: { loading: true, latest: null }, calls: ['loadScreenshots: {"device":5}'], screen: [`the section ${text('devices:screenshot.title')} with the spinner ${text('common:loading')}`] } },
  delays: {
    poll: { ms: 2000, from: 'issue 25: the card asks again every 2 s while the screen is expected to answer (the channel delivers within 2 s)' },
    answerTimeout: { ms: 30_000, from: 'issue 25 / README: a screen that has not answered in 30 s (one heartbeat interval) is said not to answer' },
  },
  expect: withScreen({
    loading: {
      [NONE]: { to: 'ready', see: { loading: false, latest: null, error: null } },
      [ONE]: { to: 'ready', see: { loading: false, latest: 1 } },
      [LOAD_FAILS]: { to: 'failed', see: { loading: false, error: 'network_error' } },
    },
    failed: {
      [RETRY]: { to: 'loading', see: { loading: true }, calls: ['loadScreenshots: {"device":5}'] },
    },
    ready: {
      [TAKE]: { to: 'requesting', see: { busy: true, error: null }, calls: ['requestScreenshot: {"device":5}'] },
    },
    requesting: {
      [QUEUED]: { to: 'waiting.resting', see: { busy: true, waiting: true } },
      [REFUSED]: { to: 'ready', see: { busy: false, error: 'device_disabled' } },
    },
    waiting: {
      [TIMEOUT]: { to: 'unanswered', see: { busy: false, unanswered: true } },
    },
    'waiting.resting': {
      [TICK]: { to: 'waiting.polling', see: { busy: true }, calls: ['pollScreenshots: {"device":5}'] },
    },
    'waiting.polling': {
      [ANSWER]: { to: 'ready', see: { busy: false, latest: 2, waiting: false } },
      // Not the answer yet: the card keeps showing what it showed and waits on.
      [`${ONE} (again)`]: (context: { shots: DeviceScreenshot[] }) => ({ to: 'waiting.resting', see: { busy: true, latest: context.shots[0]?.id ?? null } }),
      [POLL_FAILS]: { to: 'waiting.resting', see: { busy: true } },
    },
    unanswered: {
      [TAKE]: { to: 'requesting', see: { busy: true, unanswered: false }, calls: ['requestScreenshot: {"device":5}'] },
    },
  }, {
    loading: {
      [NONE]: [text('devices:screenshot.none'), `the button ${text('devices:screenshot.take')}`],
      [ONE]: [`the earlier screenshot, ${text('devices:screenshot.takenBy', { time: '(its time)', user: 'admin' })}`],
      [LOAD_FAILS]: [`${text('devices:screenshot.loadError')} with ${text('devices:screenshot.retry')}`],
    },
    failed: { [RETRY]: [`the spinner ${text('common:loading')}`] },
    ready: { [TAKE]: [`${text('devices:screenshot.take')} shows a spinner and is disabled`] },
    requesting: { [QUEUED]: [text('devices:screenshot.waiting')], [REFUSED]: [text('devices:screenshot.errors.device_disabled')] },
    waiting: { [TIMEOUT]: [text('devices:screenshot.unanswered')] },
    'waiting.polling': { [ANSWER]: [`the new screenshot, ${text('devices:screenshot.takenBy', { time: '(now)', user: 'admin' })}`] },
    unanswered: { [TAKE]: [`${text('devices:screenshot.take')} shows a spinner and is disabled`] },
  }),
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    waiting: snapshot.matches('waiting'),
    unanswered: snapshot.matches('unanswered'),
    latest: snapshot.context.shots[0]?.id ?? null,
    error: snapshot.context.error,
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.shots.map((s) => s.id), snapshot.context.command, snapshot.context.error]),
});
