import { deviceBulkMachine } from '../../../src/machines/devices/deviceBulk.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { Job } from '../../../src/services/schemas/deviceJobs.ts';
import { after, defineQa, done, error, type StepExpectation } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';
import { DEVICES_EDITOR, offlineBefore, withScreen } from './pages.ts';

const job = (fields: Partial<Job>): Job => ({
  id: 7,
  kind: 'device_bulk',
  action: 'add_tags',
  status: 'queued',
  total: 2000,
  done: 0,
  failed: 0,
  params: { tags: ['lobby'] },
  created_at: '2026-11-29T10:00:00.000Z',
  finished_at: null,
  failures: [],
  ...fields,
});
const QUEUED = job({});
const HALF = job({ status: 'running', done: 1240 });
const DONE = job({ status: 'done', done: 2000, failed: 1, finished_at: '2026-11-29T10:00:40.000Z', failures: [{ device: 9, sn: 'SN-9', name: 'Hall', reason: 'too_many_tags' }] });
const CANCELLED = job({ status: 'cancelled', done: 1240, finished_at: '2026-11-29T10:00:20.000Z' });
const offline = new ApiRequestError({ status: 0, code: 'network_error', detail: '' });

const NONE_RUNNING = 'the server has no job of the user running';
const ONE_RUNNING = 'the server answers a job of the user still running (1,240 of 2,000)';
const FIND_FAILS = 'asking for a running job fails (network down)';
const TICK_5 = 'tick device 5';
const TICK_PAGE = `press ${text('devices:bulk.selectPage')} (devices 5 and 6)`;
const UNTICK_PAGE = `press ${text('devices:bulk.unselectPage')} (devices 5 and 6)`;
const CLEAR = `press ${text('devices:bulk.clear')}`;
const OPEN = `press ${text('devices:bulk.open')} (the list filtered by the tag lobby matches 2,000 devices)`;
const TARGET_FILTER = 'choose "All 2,000 devices matching the filter"';
const TARGET_GROUP = `choose ${text('devices:bulk.targets.group')}`;
const GROUP_3 = 'choose the smart group Lobby (id 3)';
const ACTION_TAGS = `choose the action ${text('devices:bulk.actions.add_tags')}`;
const ACTION_OFFICE = `choose the action ${text('devices:bulk.actions.move_office')}`;
const ACTION_CAMPAIGN = `choose the action ${text('devices:bulk.actions.add_to_campaign')}`;
const ACTION_REBOOT = `choose the action ${text('devices:bulk.actions.reboot')}`;
const TAGS = 'type "lobby" in Tags';
const OFFICE_2 = 'choose the office 2';
const CAMPAIGN_4 = 'choose the campaign 4';
const SUBMIT = `press ${text('devices:bulk.start')}`;
const CLOSE = `press ${text('devices:bulk.close')}`;
const ACCEPTED = 'the server starts the job (7, queued)';
const REFUSED = 'the server refuses: no device matches (no_devices)';
const START_FAILS = 'starting the job fails (network down)';
const TICK = 'a second passes';
const PROGRESS = 'the server answers the job at 1,240 of 2,000';
const FINISHED = 'the server answers the job done: 2,000 of 2,000, device Hall failed (too many tags)';
const READ_FAILS = 'asking for the job fails (network down)';
const CANCEL = `press ${text('devices:bulk.cancel')}`;
const CANCELLED_NOW = 'the server answers the job cancelled at 1,240';
const STILL_RUNNING = 'the server answers the job still running';
const CANCEL_FAILS = 'cancelling fails (network down)';
const DISMISS = `press ${text('devices:bulk.close')} under the outcome`;

type Choice = { picked: number[]; target: string; group: number | null; action: string; tags: string; office: number | null; campaign: number | null };
const NEEDS: Record<string, 'tags' | 'office' | 'campaign' | null> = { add_tags: 'tags', move_office: 'office', add_to_campaign: 'campaign', reboot: null };

/** Issue 41's rules, written here: the devices chosen one way, and the action's one parameter (tags, office, campaign). */
function problemsOf(choice: Choice): Record<string, string> {
  const problems: Record<string, string> = {};
  if (choice.target === 'picked' && !choice.picked.length) problems.target = 'nothing_picked';
  if (choice.target === 'group' && choice.group === null) problems.group = 'required';
  const need = NEEDS[choice.action];
  if (need === 'tags' && !choice.tags.trim()) problems.tags = 'required';
  if (need === 'office' && choice.office === null) problems.office = 'required';
  if (need === 'campaign' && choice.campaign === null) problems.campaign = 'required';
  return problems;
}

/** The request the dialog sends: the action, the devices one way, the one parameter the action needs. */
function requestOf(choice: Choice): Record<string, unknown> {
  const target = choice.target === 'picked' ? { devices: choice.picked } : choice.target === 'group' ? { smart_group: choice.group } : { filter: { tags: 'lobby' } };
  const need = NEEDS[choice.action];
  const parameter = need === 'tags' ? { tags: ['lobby'] } : need === 'office' ? { office: choice.office } : need === 'campaign' ? { campaign: choice.campaign } : {};
  return { action: choice.action, ...target, ...parameter };
}

const submit = (choice: Choice): StepExpectation => {
  const problems = problemsOf(choice);
  if (Object.keys(problems).length) return { to: 'composing', see: { problems } };
  return { to: 'submitting', see: { busy: true }, calls: [`startJob: ${JSON.stringify({ request: requestOf(choice) })}`] };
};
const toggled = (picked: number[], id: number) => (picked.includes(id) ? picked.filter((one) => one !== id) : [...picked, id]);

/** Issue 41: bulk actions on /devices, from the ticks through the job's progress to its failures in words. */
export default defineQa({
  machine: deviceBulkMachine,
  file: 'src/machines/devices/deviceBulk.machine.ts',
  title: 'Bulk actions on the device list',
  namespace: 'devices',
  preconditions: {
    start: { route: '/devices', user: DEVICES_EDITOR, data: 'devices 5 and 6 on the first page; 2,000 devices tagged lobby (the filter Tags: lobby); a smart group Lobby (id 3), office 2, a campaign 4 of their screen position' },
  },
  howTo: {
    [NONE_RUNNING]: 'open /devices when no bulk action of yours runs',
    [ONE_RUNNING]: 'start a bulk action over 2,000 devices, then reload the page while it runs',
    [FIND_FAILS]: offlineBefore('opening /devices'),
    [START_FAILS]: offlineBefore(`pressing ${text('devices:bulk.start')}`),
    [READ_FAILS]: offlineBefore('the next second of a running job'),
    [CANCEL_FAILS]: offlineBefore(`pressing ${text('devices:bulk.cancel')}`),
    [REFUSED]: 'choose "All devices matching the filter" with a filter that another tab has just emptied (remove the tag from every device)',
    [STILL_RUNNING]: 'the job ends its batch under way before it stops: the answer may still say running',
    [TICK]: 'wait a second: the dialog asks the server for the progress',
  },
  offScreen: {
    [TICK_5]: 'the ticks are disabled while the dialog is open',
    [TICK_PAGE]: 'the buttons above the list are disabled while the dialog is open',
    [UNTICK_PAGE]: 'the buttons above the list are disabled while the dialog is open',
    [CLEAR]: 'the buttons above the list are disabled while the dialog is open',
    [OPEN]: 'the buttons above the list are disabled while the dialog is open',
    [CANCEL]: { cancelling: `${text('devices:bulk.cancelling')} is disabled` },
  },
  actors: ['findActiveJob', 'startJob', 'readJob', 'cancelJob'],
  recorded: ['jobEnded'],
  events: {
    [NONE_RUNNING]: done('findActiveJob', null),
    [ONE_RUNNING]: done('findActiveJob', HALF),
    [FIND_FAILS]: error('findActiveJob', offline),
    [TICK_5]: { type: 'selection.toggle', id: 5 },
    [TICK_PAGE]: { type: 'selection.page', ids: [5, 6], on: true },
    [UNTICK_PAGE]: { type: 'selection.page', ids: [5, 6], on: false },
    [CLEAR]: { type: 'selection.clear' },
    [OPEN]: { type: 'bulk.open', filters: { tags: 'lobby' }, matching: 2000 },
    [TARGET_FILTER]: { type: 'bulk.target', target: 'filter' },
    [TARGET_GROUP]: { type: 'bulk.target', target: 'group' },
    [GROUP_3]: { type: 'bulk.group', group: 3 },
    [ACTION_TAGS]: { type: 'bulk.action', action: 'add_tags' },
    [ACTION_OFFICE]: { type: 'bulk.action', action: 'move_office' },
    [ACTION_CAMPAIGN]: { type: 'bulk.action', action: 'add_to_campaign' },
    [ACTION_REBOOT]: { type: 'bulk.action', action: 'reboot' },
    [TAGS]: { type: 'bulk.tags', text: 'lobby' },
    [OFFICE_2]: { type: 'bulk.office', office: 2 },
    [CAMPAIGN_4]: { type: 'bulk.campaign', campaign: 4 },
    [SUBMIT]: { type: 'bulk.submit' },
    [CLOSE]: { type: 'bulk.close' },
    [ACCEPTED]: done('startJob', { ok: true, value: QUEUED }),
    [REFUSED]: done('startJob', { ok: false, code: 'no_devices', fields: { devices: 'empty' } }),
    [START_FAILS]: error('startJob', offline),
    [TICK]: after('poll', 'deviceBulk.running.resting'),
    [PROGRESS]: done('readJob', HALF),
    [FINISHED]: done('readJob', DONE),
    [READ_FAILS]: error('readJob', offline),
    [CANCEL]: { type: 'bulk.cancel' },
    [CANCELLED_NOW]: done('cancelJob', CANCELLED),
    [STILL_RUNNING]: done('cancelJob', HALF),
    [CANCEL_FAILS]: error('cancelJob', offline),
    [DISMISS]: { type: 'bulk.dismiss' },
  },
  initial: { start: { to: 'resuming', see: { dialog: false, picked: [] }, calls: ['findActiveJob'] } },
  delays: { poll: { ms: 1000, from: 'issue 41: the page shows the progress as it goes ("1,240 of 2,000"); a second between asks' } },
  expect: withScreen({
    resuming: {
      [NONE_RUNNING]: { to: 'idle', see: { dialog: false } },
      [ONE_RUNNING]: { to: 'running.resting', see: { dialog: true, done: 1240, status: 'running' } },
      [FIND_FAILS]: { to: 'idle', see: { dialog: false } },
    },
    idle: {
      [TICK_5]: (context: Choice) => ({ to: 'idle', see: { picked: toggled(context.picked, 5) } }),
      [TICK_PAGE]: (context: Choice) => ({ to: 'idle', see: { picked: [...context.picked, ...[5, 6].filter((id) => !context.picked.includes(id))] } }),
      [UNTICK_PAGE]: (context: Choice) => ({ to: 'idle', see: { picked: context.picked.filter((id) => id !== 5 && id !== 6) } }),
      [CLEAR]: { to: 'idle', see: { picked: [] } },
      // The ticked devices when there are some, else all matching the filter.
      [OPEN]: (context: Choice) => ({ to: 'composing', see: { dialog: true, target: context.picked.length ? 'picked' : 'filter', problems: {}, error: null } }),
    },
    composing: {
      [TARGET_FILTER]: { to: 'composing', see: { target: 'filter', problems: {} } },
      [TARGET_GROUP]: { to: 'composing', see: { target: 'group', problems: {} } },
      [GROUP_3]: { to: 'composing', see: { group: 3 } },
      [ACTION_TAGS]: { to: 'composing', see: { action: 'add_tags' } },
      [ACTION_OFFICE]: { to: 'composing', see: { action: 'move_office' } },
      [ACTION_CAMPAIGN]: { to: 'composing', see: { action: 'add_to_campaign' } },
      [ACTION_REBOOT]: { to: 'composing', see: { action: 'reboot' } },
      [TAGS]: { to: 'composing', see: { tags: 'lobby' } },
      [OFFICE_2]: { to: 'composing', see: { office: 2 } },
      [CAMPAIGN_4]: { to: 'composing', see: { campaign: 4 } },
      [SUBMIT]: (context: Choice) => submit(context),
      [CLOSE]: { to: 'idle', see: { dialog: false } },
    },
    submitting: {
      [ACCEPTED]: { to: 'running.resting', see: { busy: false, status: 'queued', done: 0 } },
      [REFUSED]: { to: 'composing', see: { busy: false, problems: { devices: 'empty' } } },
      [START_FAILS]: { to: 'composing', see: { busy: false, error: 'network_error' } },
    },
    running: {
      [CANCEL]: { to: 'cancelling', see: { busy: true }, calls: ['cancelJob: {"id":7}'] },
    },
    'running.resting': {
      [TICK]: { to: 'running.polling', calls: ['readJob: {"id":7}'] },
    },
    'running.polling': {
      [PROGRESS]: { to: 'running.resting', see: { done: 1240, status: 'running', error: null } },
      [FINISHED]: { to: 'finished', see: { status: 'done', done: 2000, failed: 1 }, calls: ['jobEnded'] },
      [READ_FAILS]: { to: 'running.resting', see: { error: 'network_error' } },
    },
    cancelling: {
      [CANCELLED_NOW]: { to: 'finished', see: { busy: false, status: 'cancelled', done: 1240 }, calls: ['jobEnded'] },
      [STILL_RUNNING]: { to: 'running.resting', see: { busy: false, status: 'running' } },
      [CANCEL_FAILS]: { to: 'running.resting', see: { busy: false, error: 'network_error' } },
    },
    finished: {
      [DISMISS]: { to: 'idle', see: { dialog: false, picked: [], status: null, tags: '' } },
    },
  }, {
    idle: {
      [TICK_5]: ['device 5\'s tick changes; above the list, how many devices are selected'],
      [OPEN]: [`the dialog ${text('devices:bulk.title')} with ${text('devices:bulk.devices')}, ${text('devices:bulk.action')} and ${text('devices:bulk.start')}`],
    },
    composing: {
      [TARGET_FILTER]: ['that choice is marked'],
      [TARGET_GROUP]: [`that choice is marked; the field ${text('devices:bulk.group')} appears`],
      [GROUP_3]: ['the field shows Lobby'],
      [ACTION_TAGS]: [`the field ${text('devices:bulk.tags')} appears`],
      [ACTION_OFFICE]: [`the field ${text('devices:bulk.office')} appears instead of the others`],
      [ACTION_CAMPAIGN]: [`the field ${text('devices:bulk.campaign')} appears instead of the others`],
      [ACTION_REBOOT]: ['no field beside the action'],
      [TAGS]: ['the field holds lobby'],
      [OFFICE_2]: ['the field shows the office 2'],
      [CAMPAIGN_4]: ['the field shows the campaign 4'],
      [CLOSE]: ['the dialog closes; the ticks stay'],
      [SUBMIT]: [`with a field missing, ${text('devices:bulk.problems.required')} under it (or ${text('devices:bulk.problems.nothing_picked')}); otherwise ${text('devices:bulk.starting')}`],
    },
    submitting: {
      [REFUSED]: [text('devices:bulk.problems.no_devices')],
      [START_FAILS]: [text('devices:bulk.startError')],
    },
    'running.polling': {
      [PROGRESS]: [text('devices:bulk.progress', { done: '1,240', total: '2,000' }), 'the progress bar at 62 %'],
      [FINISHED]: [text('devices:bulk.doneTitle'), text('devices:bulk.failed', { count: 1, formatted: '1' }), `Hall: ${text('devices:bulk.reasons.too_many_tags')}`],
      [READ_FAILS]: [text('devices:bulk.pollError')],
    },
    running: { [CANCEL]: [`${text('devices:bulk.cancelling')}, disabled`] },
    cancelling: { [CANCELLED_NOW]: [text('devices:bulk.cancelledTitle')] },
    finished: { [DISMISS]: ['the dialog closes; no device is ticked; the list shows the devices as they are now'] },
  }),
  view: (snapshot) => ({
    dialog: snapshot.hasTag('dialog'),
    busy: snapshot.hasTag('busy'),
    picked: snapshot.context.picked,
    target: snapshot.context.target,
    group: snapshot.context.group,
    action: snapshot.context.action,
    tags: snapshot.context.tags,
    office: snapshot.context.office,
    campaign: snapshot.context.campaign,
    problems: snapshot.context.problems,
    status: snapshot.context.job?.status ?? null,
    done: snapshot.context.job?.done ?? null,
    failed: snapshot.context.job?.failed ?? null,
    error: snapshot.context.error,
  }),
  key: (snapshot) => {
    const { picked, target, group, action, tags, office, campaign, problems, job: current, error: failure } = snapshot.context;
    return JSON.stringify([snapshot.value, picked, target, group, action, tags, office, campaign, problems, current?.status, current?.done, failure]);
  },
});
