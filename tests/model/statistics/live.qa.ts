import { liveFeedMachine } from '../../../src/machines/statistics/live.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { LiveAnswer } from '../../../src/services/statistics.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';

const live = (plays: number): LiveAnswer => ({
  since: '2026-11-22T10:00:00.000Z',
  until: '2026-11-22T10:15:00.000Z',
  time_zone: 'UTC',
  total: { plays, seconds: plays * 10 },
  minutes: [{ minute: '2026-11-22T10:14:00Z', plays }],
  recent: [],
});

const ANSWER = 'the server answers 3 plays';
const MORE = 'the server answers 5 plays';
const OFFLINE = 'the network is down';
const TICK = 'five seconds pass';
const HIDE = 'switch to another browser tab';
const SHOW = 'come back to the tab';
const REFRESH = 'press "Try again"';

/** The live report: polled every 5 seconds while the page is visible, paused while it is hidden, failures shown and outlived. */
export default defineQa({
  machine: liveFeedMachine,
  file: 'src/machines/statistics/live.machine.ts',
  title: 'The live report of plays',
  actors: ['loadLive'],
  starts: {
    'the page is visible': () => ({ visible: true }),
    'the page opens in a hidden tab': () => ({ visible: false }),
  },
  events: {
    [ANSWER]: done('loadLive', live(3)),
    [MORE]: done('loadLive', live(5)),
    [OFFLINE]: error('loadLive', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [TICK]: after('poll', 'liveFeed.running.waiting'),
    [HIDE]: { type: 'live.hide' },
    [SHOW]: { type: 'live.show' },
    [REFRESH]: { type: 'live.refresh' },
  },
  initial: {
    'the page is visible': { to: 'running.fetching', see: { loading: true, paused: false, plays: null }, calls: ['loadLive'] },
    'the page opens in a hidden tab': { to: 'paused', see: { loading: false, paused: true, plays: null } },
  },
  delays: { poll: { ms: 5000, from: 'README /statistics, docs/api.md live report: polled every 5 s while the page is visible' } },
  expect: {
    running: {
      [HIDE]: { to: 'paused', see: { paused: true, loading: false } },
    },
    'running.fetching': {
      [ANSWER]: { to: 'running.waiting', see: { loading: false, plays: 3, error: null } },
      [MORE]: { to: 'running.waiting', see: { loading: false, plays: 5, error: null } },
      [OFFLINE]: (context: { data: LiveAnswer | null }) => ({ to: 'running.waiting', see: { error: 'network_error', plays: context.data?.total.plays ?? null } }),
    },
    'running.waiting': {
      [TICK]: { to: 'running.fetching', see: { loading: true }, calls: ['loadLive'] },
      [REFRESH]: { to: 'running.fetching', see: { loading: true }, calls: ['loadLive'] },
    },
    paused: {
      [SHOW]: { to: 'running.fetching', see: { paused: false, loading: true }, calls: ['loadLive'] },
    },
  },
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    paused: snapshot.hasTag('paused'),
    plays: snapshot.context.data?.total.plays ?? null,
    error: snapshot.context.error,
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.data?.total.plays ?? null, snapshot.context.error]),
});
