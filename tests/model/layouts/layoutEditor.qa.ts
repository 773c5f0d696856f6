import { layoutEditorMachine, type LayoutEditorContext } from '../../../src/machines/layouts/layoutEditor.machine.ts';
import type { ZoneDraft } from '../../../src/machines/layouts/layoutGeometry.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { Layout } from '../../../src/services/layouts.service.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const zone = (id: number, name: string, x: number, y: number, width: number, height: number, z: number) => ({ id, name, x, y, width, height, z, content: null });
const LAYOUT: Layout = {
  id: 7,
  name: 'Lobby',
  company: 1,
  screen_position: 'horizontal',
  width: 1920,
  height: 1080,
  background: { color: '#000000', media: null },
  zones: [zone(1, 'Main', 0, 0, 1440, 960, 0), zone(2, 'Side panel', 1440, 0, 480, 960, 1), zone(3, 'Ticker', 0, 960, 1920, 120, 2)],
  version: 2,
  committed: true,
  details: '/api/v1/layouts/7/detail/',
  created_at: '2026-11-28T10:00:00.000Z',
  updated_at: '2026-11-28T10:00:00.000Z',
};
/** What the server answers a save with: Main moved to 8, 0 and a fourth zone added in the middle. */
const SAVED_LAYOUT: Layout = {
  ...LAYOUT,
  committed: false,
  zones: [zone(1, 'Main', 8, 0, 1440, 960, 0), zone(2, 'Side panel', 1440, 0, 480, 960, 1), zone(3, 'Ticker', 0, 960, 1920, 120, 2), zone(4, 'Zone 4', 480, 272, 960, 544, 3)],
};
const CANVAS = { width: 1920, height: 1080 };

const LOADED = 'the server answers the layout (Main, Side panel, Ticker)';
const NOT_FOUND = 'the server answers 404';
const RETRY = 'press "Try again"';
const CHOOSE = 'choose "Main" (on the canvas or in the zone list)';
const CHOOSE_NONE = 'press Escape on the canvas (nothing chosen)';
const ADD = 'press "Add zone"';
const DRAWN = 'draw a zone from 104, 104 to 496, 400 on the canvas';
const PLACED = 'drop "Main" at 200, 0 on the canvas';
const NUDGE = 'press Shift+Right on the canvas';
const TYPE_X = 'type 8 in X and press Enter';
const TYPE_BAD = 'type "abc" in Width and press Enter';
const RENAME = 'type "Video" in Zone name and press Enter';
const RENAME_EMPTY = 'clear Zone name and press Enter';
const CONTENT = 'choose the playlist "Morning" in the content picker';
const DELETE = 'press Delete on the canvas';
const FORWARD = 'press "Bring forward"';
const BACKWARD = 'press "Send back"';
const GRID = `switch ${text('layouts:editor.grid')}`;
const SAVE = 'press "Save changes"';
const DISCARD = 'press "Discard changes"';
const SAVED = 'the server saves the layout';
const REFUSED = 'the server refuses: a zone lies outside the canvas';
const SAVE_FAILED = 'the network is down during the save';

type Context = LayoutEditorContext;
type Zone = ZoneDraft;

/** The server's zones as the editor holds them. */
const drafts = (layout: Layout | null): Zone[] =>
  (layout?.zones ?? []).map((item) => ({ key: `zone-${item.id}`, id: item.id, name: item.name, x: item.x, y: item.y, width: item.width, height: item.height, z: item.z, content: item.content ?? null }));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const summary = (zones: Zone[]) => zones.map(({ key, name, x, y, width, height, z, content }) => ({ key, name, x, y, width, height, z, content }));
const selectedOf = (context: Context) => context.zones.find((item) => item.key === context.selected) ?? null;
const describe = (item: Zone) =>
  text('layouts:editor.zoneSummary', { name: item.name, x: item.x, y: item.y, width: item.width, height: item.height, content: item.content ? 'Morning' : text('layouts:panel.noContent') });

/** Every change of the draft a user makes on the canvas or in the panel. */
const EDITS = [CHOOSE, CHOOSE_NONE, ADD, DRAWN, PLACED, NUDGE, TYPE_X, TYPE_BAD, RENAME, RENAME_EMPTY, CONTENT, DELETE, FORWARD, BACKWARD, GRID];
const DIRTY = text('layouts:editor.dirty');
const BUSY = 'the canvas, the panel and the buttons are disabled until the server answers';
const NO_ZONE = `no zone is chosen: ${text('layouts:panel.none')}`;
const NOT_LOADED = 'no layout is shown yet';
const LOAD_FAILED = 'no layout is shown';

/** After an edit: the zones as the spec says they become, clean when they equal the saved ones again. */
function edited(context: Context, zones: Zone[], extra: Record<string, unknown>, screen: string[]) {
  const dirty = !same(zones, drafts(context.layout));
  return { to: dirty ? 'ready.editing.dirty' : 'ready.editing.clean', see: { zones: summary(zones), dirty, ...extra }, screen: [...screen, dirty ? DIRTY : `no line ${DIRTY}`] };
}
const here = (context: Context) => (same(context.zones, drafts(context.layout)) ? 'ready.editing.clean' : 'ready.editing.dirty');
const unchanged = (context: Context, screen: string[]) => ({ to: here(context), see: { zones: summary(context.zones) }, calls: [], screen });

/** The selected zone changed as `change` says (a nudge, a typed value...), nothing else. */
const onSelected = (change: (item: Zone) => Zone, words: (item: Zone) => string) => (context: Context) => {
  const chosen = selectedOf(context);
  if (!chosen) return unchanged(context, [NO_ZONE]);
  const next = change(chosen);
  return edited(context, context.zones.map((item) => (item.key === chosen.key ? next : item)), { selected: chosen.key, fieldError: null }, [words(next)]);
};
/** Drawing order: swap with the neighbour above (+1) or below (-1), when there is one. */
const reordered = (direction: 1 | -1) => (context: Context) => {
  const chosen = selectedOf(context);
  if (!chosen) return unchanged(context, [NO_ZONE]);
  const neighbour = context.zones.find((item) => item.z === chosen.z + direction);
  if (!neighbour) return unchanged(context, [`"${chosen.name}" is already ${direction === 1 ? 'on top' : 'at the bottom'}`]);
  const zones = context.zones.map((item) => (item.key === chosen.key ? { ...item, z: neighbour.z } : item.key === neighbour.key ? { ...item, z: chosen.z } : item));
  return edited(context, zones, { selected: chosen.key }, [`"${chosen.name}" is listed ${direction === 1 ? 'above' : 'below'} "${neighbour.name}" in the zone list`]);
};
const added = (context: Context, rect: { x: number; y: number; width: number; height: number }) => {
  if (context.zones.length >= 16) return unchanged(context, ['a layout has at most 16 zones: nothing is added']);
  const key = `new-${context.nextKey}`;
  const next: Zone = { key, id: null, name: 'Zone 4', ...rect, z: Math.max(-1, ...context.zones.map((item) => item.z)) + 1, content: null };
  return edited(context, [...context.zones, next], { selected: key, fieldError: null }, [`a new zone "Zone 4" at ${rect.x}, ${rect.y}, ${rect.width} × ${rect.height} on top, chosen; ${text('layouts:panel.title', { name: 'Zone 4' })}`]);
};
/** The PUT body: every zone in drawing order, its id when the server has it. */
const body = (context: Context) => ({
  zones: [...context.zones]
    .sort((a, b) => a.z - b.z)
    .map(({ id, name, x, y, width, height, z, content }) => ({ ...(id === null ? {} : { id }), name, x, y, width, height, z, content })),
});
/** The zone chosen after a save: the same one as the server answers it (a new zone by its name and place). */
const reselected = (context: Context) => {
  const chosen = selectedOf(context);
  const match = chosen
    ? SAVED_LAYOUT.zones.find((item) => (chosen.id !== null ? item.id === chosen.id : item.name === chosen.name && item.x === chosen.x && item.y === chosen.y && item.width === chosen.width && item.height === chosen.height))
    : undefined;
  return match ? `zone-${match.id}` : null;
};

const editing = {
  [CHOOSE]: (context: Context) =>
    context.zones.some((item) => item.key === 'zone-1')
      ? { to: here(context), see: { selected: 'zone-1', fieldError: null }, calls: [], screen: [`"Main" is highlighted with its handles; ${text('layouts:panel.title', { name: 'Main' })}`] }
      : unchanged(context, ['"Main" is no longer on the layout']),
  [CHOOSE_NONE]: (context: Context) => ({ to: here(context), see: { selected: null, fieldError: null }, calls: [], screen: [NO_ZONE] }),
  [ADD]: (context: Context) => added(context, { x: 480, y: 272, width: 960, height: 544 }),
  [DRAWN]: (context: Context) => added(context, { x: 104, y: 104, width: 392, height: 296 }),
  [PLACED]: (context: Context) =>
    context.zones.some((item) => item.key === 'zone-1')
      ? edited(context, context.zones.map((item) => (item.key === 'zone-1' ? { ...item, x: 200, y: 0 } : item)), { selected: 'zone-1' }, ['"Main" at 200, 0, chosen'])
      : unchanged(context, ['"Main" is no longer on the layout']),
  // Shift: 10 px; the zone stops at the canvas's right edge.
  [NUDGE]: onSelected((item) => ({ ...item, x: Math.min(item.x + 10, CANVAS.width - item.width) }), (item) => `X reads ${item.x}; ${describe(item)}`),
  [TYPE_X]: onSelected((item) => ({ ...item, x: Math.min(8, CANVAS.width - item.width) }), (item) => `X reads ${item.x}`),
  [TYPE_BAD]: (context: Context) => {
    const chosen = selectedOf(context);
    if (!chosen) return unchanged(context, [NO_ZONE]);
    return { to: here(context), see: { zones: summary(context.zones), fieldError: { field: 'width', code: 'invalid' } }, calls: [], screen: [`under Width: ${text('layouts:validation.invalid')}; the zone keeps its width`] };
  },
  [RENAME]: onSelected((item) => ({ ...item, name: 'Video' }), () => `${text('layouts:panel.title', { name: 'Video' })}; the canvas and the list say Video`),
  [RENAME_EMPTY]: (context: Context) => {
    const chosen = selectedOf(context);
    if (!chosen) return unchanged(context, [NO_ZONE]);
    return { to: here(context), see: { zones: summary(context.zones), fieldError: { field: 'name', code: 'required' } }, calls: [], screen: [`under Zone name: ${text('layouts:validation.required')}; the zone keeps its name`] };
  },
  [CONTENT]: onSelected((item) => ({ ...item, content: { kind: 'playlist', id: 5 } }), (item) => `the picker reads Morning; the list says ${describe(item)}`),
  [DELETE]: (context: Context) => {
    const chosen = selectedOf(context);
    if (!chosen) return unchanged(context, [NO_ZONE]);
    const zones = context.zones.filter((item) => item.key !== chosen.key).map((item) => ({ ...item, z: item.z > chosen.z ? item.z - 1 : item.z }));
    return edited(context, zones, { selected: null }, [`"${chosen.name}" is gone from the canvas and the list`, NO_ZONE]);
  },
  [FORWARD]: reordered(1),
  [BACKWARD]: reordered(-1),
  [GRID]: (context: Context) => ({ to: here(context), see: { grid: !context.grid }, calls: [], screen: [`${text('layouts:editor.grid')} is ${context.grid ? 'off: zones land where they are dropped' : 'on'}`] }),
};

/**
 * The layout editor (issue 36, "The editor"): the zones as a draft with one zone chosen at a time, added, drawn,
 * dropped, nudged by the arrow keys (Shift: 10 px), typed in exactly (clamped to the canvas, whole numbers only),
 * renamed, given content, reordered and deleted; "Save changes" writes the whole draft, and a refusal keeps it;
 * unsaved changes are the `dirty` the leave guard and Commit read.
 */
export default defineQa({
  machine: layoutEditorMachine,
  file: 'src/machines/layouts/layoutEditor.machine.ts',
  title: 'The layout editor',
  namespace: 'layouts',
  preconditions: {
    start: {
      route: '/layouts/7 (the layout\'s name on /layouts)',
      user: 'admin (or a user with playlists edit rights)',
      data: 'layout 7 "Lobby", horizontal 1920 × 1080, committed (version 2), zones Main (0, 0, 1440 × 960), Side panel (1440, 0, 480 × 960) and Ticker (0, 960, 1920 × 120); a committed playlist "Morning"',
    },
  },
  howTo: {
    [NOT_FOUND]: 'open /layouts/999999 (no such layout)',
    [SAVED]: 'wait: the server answers the save',
    [REFUSED]: 'in another tab, shrink the canvas to 1280 × 720 through the API (PUT /api/v1/layouts/7 with width, height and its zones scaled to fit), then move a zone here and press "Save changes": Main (1440 px wide) no longer fits',
    [SAVE_FAILED]: 'in the devtools Network tab, choose "Offline" before pressing "Save changes"',
  },
  offScreen: {
    ...Object.fromEntries(EDITS.map((sample) => [sample, { loading: NOT_LOADED, loadFailed: LOAD_FAILED, 'ready.saving': BUSY }])),
    [SAVE]: { loading: NOT_LOADED, loadFailed: LOAD_FAILED, 'ready.saving': BUSY, 'ready.editing.clean': '"Save changes" is disabled without unsaved changes' },
    [DISCARD]: { loading: NOT_LOADED, loadFailed: LOAD_FAILED, 'ready.saving': BUSY, 'ready.editing.clean': '"Discard changes" is disabled without unsaved changes' },
    [RETRY]: { loading: NOT_LOADED, ready: '"Try again" is shown only when the layout failed to load' },
  },
  actors: ['loadLayout', 'saveLayout'],
  recorded: ['notify', 'loaded'],
  input: { layoutId: 7 },
  depth: 6,
  describeCall: (name, argument) => {
    if (name === 'loaded') return `loaded: version ${(argument as { layout: Layout }).layout.version}`;
    if (name === 'notify') return `notify: ${(argument as { key: string }).key}`;
    // A save's zones are known by their z (docs/api.md), not by their place in the list: read in z order.
    if (name === 'saveLayout') {
      const save = argument as { body: { zones: { z: number }[] } };
      return `saveLayout: ${JSON.stringify({ ...save, body: { ...save.body, zones: [...save.body.zones].sort((a, b) => a.z - b.z) } })}`;
    }
    return argument === undefined ? name : `${name}: ${JSON.stringify(argument)}`;
  },
  events: {
    [LOADED]: done('loadLayout', LAYOUT),
    [NOT_FOUND]: error('loadLayout', new ApiRequestError({ status: 404, code: 'not_found', detail: '' })),
    [RETRY]: { type: 'editor.retry' },
    [CHOOSE]: { type: 'zone.select', key: 'zone-1' },
    [CHOOSE_NONE]: { type: 'zone.select', key: null },
    [ADD]: { type: 'zone.add', name: 'Zone 4' },
    [DRAWN]: { type: 'zone.draw', rect: { x: 104, y: 104, width: 392, height: 296 }, name: 'Zone 4' },
    [PLACED]: { type: 'zone.place', key: 'zone-1', rect: { x: 200, y: 0, width: 1440, height: 960 } },
    [NUDGE]: { type: 'zone.nudge', dx: 10, dy: 0 },
    [TYPE_X]: { type: 'zone.field', field: 'x', value: 8 },
    [TYPE_BAD]: { type: 'zone.field', field: 'width', value: Number.NaN },
    [RENAME]: { type: 'zone.rename', name: 'Video' },
    [RENAME_EMPTY]: { type: 'zone.rename', name: '  ' },
    [CONTENT]: { type: 'zone.content', content: { kind: 'playlist', id: 5 }, name: 'Morning' },
    [DELETE]: { type: 'zone.delete' },
    [FORWARD]: { type: 'zone.forward' },
    [BACKWARD]: { type: 'zone.backward' },
    [GRID]: { type: 'grid.toggle' },
    [SAVE]: { type: 'editor.save' },
    [DISCARD]: { type: 'editor.discard' },
    [SAVED]: done('saveLayout', { ok: true, value: SAVED_LAYOUT }),
    [REFUSED]: done('saveLayout', { ok: false, code: 'zone_outside_canvas', fields: { 'zones.0.x': 'zone_outside_canvas' } }),
    [SAVE_FAILED]: error('saveLayout', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
  },
  initial: { start: { to: 'loading', see: { loading: true, zones: [] }, calls: ['loadLayout: {"layoutId":7}'] } },
  expect: {
    loading: {
      [LOADED]: {
        to: 'ready.editing.clean',
        see: { zones: summary(drafts(LAYOUT)), selected: null, grid: true, dirty: false },
        calls: ['loaded: version 2'],
        screen: ['"Lobby" with the canvas and the zone list: Ticker, Side panel, Main (top first)', text('layouts:editor.zoneCount_other', { count: 3 }), NO_ZONE],
      },
      [NOT_FOUND]: { to: 'loadFailed', see: { error: 'not_found' }, screen: [`${text('layouts:editor.loadError')}: ${text('common:errors.not_found')}`, `the button ${text('layouts:actions.retry')}`] },
    },
    loadFailed: { [RETRY]: { to: 'loading', calls: ['loadLayout: {"layoutId":7}'], screen: ['the layout loads again'] } },
    'ready.editing': editing,
    'ready.editing.dirty': {
      [SAVE]: (context: Context) => ({ to: 'ready.saving', see: { busy: true, dirty: true }, calls: [`saveLayout: ${JSON.stringify({ layoutId: 7, canvas: CANVAS, body: body(context) })}`], screen: [BUSY] }),
      [DISCARD]: (context: Context) => ({ to: 'ready.editing.clean', see: { zones: summary(drafts(context.layout)), selected: null, dirty: false }, calls: [], screen: ['the zones are back as last saved', NO_ZONE] }),
    },
    'ready.saving': {
      [SAVED]: (context: Context) => ({
        to: 'ready.editing.clean',
        see: { zones: summary(drafts(SAVED_LAYOUT)), selected: reselected(context), dirty: false, busy: false },
        calls: ['loaded: version 2', 'notify: messages.saveSuccess'],
        screen: [`a success toast ${text('layouts:messages.saveSuccess')}`, 'the zones as the server saved them', `the badge ${text('playlists:state.uncommitted')}`],
      }),
      // The draft is kept after a refusal or a failure, to be corrected and saved again.
      [REFUSED]: (context: Context) => ({
        to: 'ready.editing.dirty',
        see: { zones: summary(context.zones), error: 'zone_outside_canvas' },
        calls: ['notify: messages.saveRefused'],
        screen: [`an error toast ${text('layouts:messages.saveRefused')}`, `the draft stays; ${DIRTY}`],
      }),
      [SAVE_FAILED]: (context: Context) => ({
        to: 'ready.editing.dirty',
        see: { zones: summary(context.zones), error: 'network_error' },
        calls: ['notify: messages.saveError'],
        screen: [`an error toast ${text('layouts:messages.saveError')}`, `the draft stays; ${DIRTY}`],
      }),
    },
  },
  view: (snapshot) => ({
    zones: summary(snapshot.context.zones),
    selected: snapshot.context.selected,
    grid: snapshot.context.grid,
    fieldError: snapshot.context.fieldError,
    error: snapshot.context.error,
    dirty: snapshot.hasTag('dirty'),
    busy: snapshot.hasTag('busy'),
    loading: snapshot.hasTag('loading'),
  }),
  key: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.selected,
      summary(snapshot.context.zones),
      snapshot.context.fieldError?.field ?? null,
      snapshot.context.error,
      snapshot.context.layout === SAVED_LAYOUT,
    ]),
});
