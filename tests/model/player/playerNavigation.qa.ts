import { playerNavigationMachine, type NavigationContext } from '../../../src/machines/player/playerNavigation.machine.ts';
import { showsMap, type KeptMap } from '../../../src/services/player/navigation.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const kept = (version: number, withLayout = true): KeptMap => ({
  map: {
    version,
    object: withLayout ? { name: 'Floor 1', layout: `/api/v1/player/navigation/layout/?v=${version}`, width: 1600, height: 900 } : null,
    position: { x: 0.3, y: 0.7 },
    comment: 'Near the lifts',
    placeholder: { x: 0.5, y: 0.1, width: 0.5, height: 0.8 },
    markers: [{ id: 1, kind: 'toilet', device: null, x: 0.1, y: 0.2, color: '#0f6cbd', description: 'WC' }],
  },
  layout: null,
});

const KEPT = 'the browser keeps the map of version 3';
const NOTHING_KEPT = 'the browser keeps no map';
const LOAD_FAILS = 'the browser storage cannot be read';
const V3 = 'a heartbeat announces navigation version 3';
const V4 = 'a heartbeat announces navigation version 4';
const V0 = 'a heartbeat announces navigation version 0 (never sent)';
const FETCHED = 'the map of version 4 and its layout arrive';
const FETCHED_NONE = 'the server answers version 0: no map';
const FETCH_FAILS = 'the map cannot be fetched';
const RETRY = 'the retry pause runs out';
const FORGET = 'the key is lost: the player forgets its map';

const SCREEN: Record<string, string> = {
  fetching: 'the tab fetches the map: the screen does not change until it arrives',
  map: `the map of Floor 1 shows beside the play, ${text('player:map.youAreHere')} at the screen's place (its accessible name ${text('player:map.label', { name: 'Floor 1' })})`,
  fullScreen: 'the play fills the whole screen: no map',
};
const NOTED = 'nothing changes on screen: the tab notes the version for when it is free';

/** Where the machine goes once it knows what it keeps and what the server has: the spec's rule, written out. */
function decide(context: Pick<NavigationContext, 'kept' | 'wanted'>, calls: string[] = []) {
  const have = context.kept?.map.version ?? 0;
  if (context.wanted !== null && context.wanted !== have) {
    return { to: 'fetching', see: { wanted: context.wanted }, calls: [...calls, `fetchMap: version ${context.wanted}`], screen: [SCREEN.fetching!] };
  }
  const to = showsMap(context.kept) ? 'map' : 'fullScreen';
  return { to, see: { map: showsMap(context.kept), version: context.kept?.map.version ?? null }, calls, screen: [SCREEN[to]!] };
}

const announce = (version: number) => (context: NavigationContext) => decide({ ...context, wanted: version });

/** The web player's map (issue 18 with issue 16): kept for offline starts, fetched when navigation_version changes. */
export default defineQa({
  machine: playerNavigationMachine,
  file: 'src/machines/player/playerNavigation.machine.ts',
  title: 'The web player map',
  actors: ['loadKept', 'fetchMap'],
  recorded: ['keepMap', 'forgetMap'],
  namespace: 'player',
  preconditions: {
    start: {
      route: '/player in a browser tab of its own, adopted in the panel under Clients (then reload it for each start)',
      user: 'admin in the panel (to adopt the tab and edit its navigation map); /player itself needs no sign-in',
      data: 'an office plan "Floor 1" with the adopted device placed on it and a WC marker (the navigation editor, /navigation); its map saved until version 3',
    },
  },
  howTo: {
    [KEPT]: 'reload a tab that showed map version 3 before',
    [NOTHING_KEPT]: 'use a tab whose storage is empty (devtools Application: Clear site data, then reload)',
    [LOAD_FAILS]: "in the browser settings, block site data for the panel's address, then reload /player",
    [V3]: 'wait for the next heartbeat (30 s) while the map is at version 3',
    [V4]: 'save the map once more in the navigation editor (version 4), then wait for the next heartbeat (30 s)',
    [V0]: 'use a device whose map was never saved',
    [FETCHED]: 'wait: the server answers the map request',
    [FETCHED_NONE]: 'remove the device from the plan in the navigation editor before the heartbeat',
    [FETCH_FAILS]: 'in the devtools Network tab, block the URL /api/v1/player/navigation/ before the heartbeat announces version 4',
    [RETRY]: 'wait 10 s',
    [FORGET]: 'delete the device in the panel (the tab loses its key)',
  },
  describeCall: (name, argument) => {
    const input = argument as Record<string, any> | undefined;
    if (name === 'fetchMap') return `fetchMap: version ${input!.version}`;
    if (name === 'keepMap') return `keepMap: version ${input!.kept.map.version}`;
    return name;
  },
  events: {
    [KEPT]: done('loadKept', kept(3)),
    [NOTHING_KEPT]: done('loadKept', null),
    [LOAD_FAILS]: error('loadKept', new Error('InvalidStateError')),
    [V3]: { type: 'navigation.version', version: 3 },
    [V4]: { type: 'navigation.version', version: 4 },
    [V0]: { type: 'navigation.version', version: 0 },
    [FETCHED]: done('fetchMap', kept(4)),
    [FETCHED_NONE]: done('fetchMap', kept(0, false)),
    [FETCH_FAILS]: error('fetchMap', new TypeError('Failed to fetch')),
    [RETRY]: after('retry', 'navigation.resting'),
    [FORGET]: { type: 'navigation.forget' },
  },
  initial: { start: { to: 'loading', see: { map: false, wanted: null }, calls: ['loadKept'] } },
  delays: { retry: { ms: 10_000, from: 'README web player: the player retries every 10 s while the server does not answer' } },
  expect: {
    '': {
      [V3]: { see: { wanted: 3 }, screen: [NOTED] },
      [V4]: { see: { wanted: 4 }, screen: [NOTED] },
      [V0]: { see: { wanted: 0 }, screen: [NOTED] },
      [FORGET]: { to: 'fullScreen', see: { map: false, version: null, wanted: null }, calls: ['forgetMap'], screen: [SCREEN.fullScreen!] },
    },
    loading: {
      [KEPT]: (context: NavigationContext) => decide({ ...context, kept: kept(3) }),
      [NOTHING_KEPT]: (context: NavigationContext) => decide({ ...context, kept: null }),
      [LOAD_FAILS]: (context: NavigationContext) => decide(context),
    },
    fullScreen: { [V3]: announce(3), [V4]: announce(4), [V0]: announce(0) },
    map: { [V3]: announce(3), [V4]: announce(4), [V0]: announce(0) },
    fetching: {
      [FETCHED]: () => decide({ kept: kept(4), wanted: 4 }, ['keepMap: version 4']),
      [FETCHED_NONE]: () => decide({ kept: kept(0, false), wanted: 0 }, ['keepMap: version 0']),
      [FETCH_FAILS]: { to: 'resting' },
    },
    resting: { [RETRY]: (context: NavigationContext) => decide(context) },
  },
  view: (snapshot) => ({
    map: showsMap(snapshot.context.kept),
    version: snapshot.context.kept?.map.version ?? null,
    wanted: snapshot.context.wanted,
  }),
  invariant: (snapshot) => {
    if (snapshot.hasTag('map') && !showsMap(snapshot.context.kept)) throw new Error('the map state without a map to show');
  },
  depth: 8,
});
