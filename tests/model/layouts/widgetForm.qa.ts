import { widgetFormMachine, type WidgetFormContext } from '../../../src/machines/layouts/widgetForm.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const ADDRESS = 'https://intranet.example/menu';
const TYPE_ZOOM = `type 2 in ${text('layouts:widget.fields.zoom')}`;
const TYPE_ZOOM_BAD = `type 5 in ${text('layouts:widget.fields.zoom')}`;
const TYPE_URL = `type ${ADDRESS} in ${text('layouts:widget.fields.url')}`;
const TYPE_URL_BAD = `type "intranet" in ${text('layouts:widget.fields.url')}`;
const PAUSE = 'stop typing for 600 ms';
const FRAMEABLE = 'the server says the page can be framed';
const REFUSES = 'the server says the page refuses to be framed (X-Frame-Options)';
const CHECK_FAILS = 'the network is down during the check';
const SAVE_REFUSED = 'the layout\'s save is refused: the zoom is out of range';

const EMPTY = { kind: 'widget', widget: 'web_page', settings: { url: '', reload_minutes: 0, zoom: 1 } } as const;
const SAVED = { kind: 'widget', widget: 'web_page', settings: { url: ADDRESS, reload_minutes: 0, zoom: 1 } } as const;

type Context = WidgetFormContext;
const URL_FIELD = text('layouts:widget.fields.url');
const ZOOM_FIELD = text('layouts:widget.fields.zoom');
const checking = [`the line ${text('layouts:widget.check.checking')}`];
/** The settings after the step, as the zone's draft gets them (nothing typed is dropped, a refused value included). */
const changed = (context: Context, key: string, value: unknown) => `changed: ${JSON.stringify({ ...context.widget.settings, [key]: value })}`;
/** Errors of the settings after the step, from docs/api.md "Widgets" (url http(s), required; zoom 0.25-4). */
const errorsAfter = (context: Context, key: string, value: unknown) => {
  const settings = { ...context.widget.settings, [key]: value } as { url: string; zoom: number };
  const errors: Record<string, string> = {};
  if (!settings.url) errors.url = 'required';
  else if (!/^https?:\/\/\S+/.test(settings.url)) errors.url = 'invalid';
  if (settings.zoom < 0.25 || settings.zoom > 4) errors.zoom = 'out_of_range';
  return errors;
};
/** A zoom typed: the draft gets it at once; the check goes on where it stands; the server's refusal of it is cleared. */
const zoomTyped = (value: number, to: string) => (context: Context) => {
  const errors = errorsAfter(context, 'zoom', value);
  return {
    to,
    see: { zoom: value, errors, refused: {} },
    calls: [changed(context, 'zoom', value)],
    screen: [errors.zoom ? `under ${ZOOM_FIELD}: ${text('layouts:widget.errors.out_of_range', { min: '0.25', max: '4' })}` : `${ZOOM_FIELD} reads ${value}, no message under it`],
  };
};
/**
 * A new address typed (in state `from`): the old check is dropped; a valid one is checked once typing rests: the 600 ms
 * wait starts, or starts again when it was waiting; an invalid one drops a waiting check.
 */
const urlTyped = (value: string, from: string) => (context: Context) => {
  const errors = errorsAfter(context, 'url', value);
  const waiting = from === 'waiting';
  return {
    to: errors.url ? 'idle' : 'waiting',
    see: { url: value, check: null, errors },
    calls: [changed(context, 'url', value)],
    timers: { checkDelay: errors.url ? (waiting ? ('cancel' as const) : ('none' as const)) : waiting ? ('restart' as const) : ('start' as const) },
    screen: errors.url ? [`under ${URL_FIELD}: ${text('layouts:widget.errors.invalid')}`] : [`${URL_FIELD} reads ${value}; no warning yet`],
  };
};
const refusedStep = (to: string) => ({ to, see: { refused: { zoom: 'out_of_range' } }, calls: [], screen: [`under ${ZOOM_FIELD}: ${text('layouts:widget.errors.out_of_range', { min: '0.25', max: '4' })}`] });
const typing = (to: string) => ({ [TYPE_ZOOM]: zoomTyped(2, to), [TYPE_ZOOM_BAD]: zoomTyped(5, to), [TYPE_URL]: urlTyped(ADDRESS, to), [TYPE_URL_BAD]: urlTyped('intranet', to), [SAVE_REFUSED]: refusedStep(to) });
const USER = 'admin (or a user with playlists edit rights)';

/**
 * Issue 38: a widget zone's settings form in the layout editor, the web page widget standing for every kind (each
 * setting checked with the shared structs as typed, the draft keeping what was typed; a refused save's fields shown
 * under their settings); the web page's address checked by the server once typing rests (POST /widgets/web-page-check/).
 */
export default defineQa({
  machine: widgetFormMachine,
  file: 'src/machines/layouts/widgetForm.machine.ts',
  title: "A widget zone's settings form",
  namespace: 'layouts',
  preconditions: {
    'a new web page widget': {
      route: '/layouts/7 (a layout\'s editor)',
      user: USER,
      data: `choose a zone, then ${text('layouts:fields.contentKind')} ${text('layouts:content.widget')} and ${text('layouts:fields.widget')} ${text('layouts:widgetKinds.web_page')}`,
    },
    'a saved web page widget': { route: '/layouts/7', user: USER, data: `a zone showing the web page ${ADDRESS}, saved; choose it on the canvas` },
  },
  howTo: {
    [PAUSE]: 'stop typing and wait: the check follows about half a second later',
    [FRAMEABLE]: 'use the address of a page without X-Frame-Options or frame-ancestors headers',
    [REFUSES]: 'use the address of a page answering X-Frame-Options: DENY',
    [CHECK_FAILS]: 'in the devtools Network tab, block the request URL /api/v1/widgets/web-page-check/',
    [SAVE_REFUSED]: 'have the server refuse the layout\'s save with fields zones.N.content.settings.zoom = out_of_range (the editor checks the same rule first, so only a server with a stricter rule does)',
  },
  offScreen: { [SAVE_REFUSED]: 'the editor refuses an out-of-range zoom itself before sending; only a newer server could refuse one it lets through' },
  actors: ['checkWebPage'],
  recorded: ['changed'],
  onScreen: { changed: `the layout's draft takes the settings: ${text('layouts:editor.dirty')}` },
  describeCall: (name, argument) => `${name}: ${JSON.stringify(name === 'changed' ? (argument as { widget: { settings: unknown } }).widget.settings : argument)}`,
  delays: { checkDelay: { ms: 600, from: 'product rule (issue 38): the address is checked once typing rests, as the search boxes wait (debounced)', watch: 'debounce' } },
  starts: { 'a new web page widget': () => ({ widget: EMPTY }), 'a saved web page widget': () => ({ widget: SAVED }) },
  events: {
    [TYPE_ZOOM]: { type: 'widget.set', key: 'zoom', value: 2 },
    [TYPE_ZOOM_BAD]: { type: 'widget.set', key: 'zoom', value: 5 },
    [TYPE_URL]: { type: 'widget.set', key: 'url', value: ADDRESS },
    [TYPE_URL_BAD]: { type: 'widget.set', key: 'url', value: 'intranet' },
    [PAUSE]: after('checkDelay', 'widgetForm.waiting'),
    [FRAMEABLE]: done('checkWebPage', { url: ADDRESS, frameable: true, reason: null }),
    [REFUSES]: done('checkWebPage', { url: ADDRESS, frameable: false, reason: 'x_frame_options' }),
    [CHECK_FAILS]: error('checkWebPage', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [SAVE_REFUSED]: { type: 'widget.refused', fields: { zoom: 'out_of_range' } },
  },
  initial: {
    'a new web page widget': { to: 'idle', see: { url: '', errors: { url: 'required' }, check: null }, calls: [], screen: [`${URL_FIELD} empty, ${ZOOM_FIELD} 1`] },
    'a saved web page widget': { to: 'checking', see: { url: ADDRESS, errors: {} }, calls: [`checkWebPage: {"url":"${ADDRESS}"}`], screen: checking },
  },
  expect: {
    idle: typing('idle'),
    waiting: {
      ...typing('waiting'),
      [PAUSE]: (context: Context) => ({ to: 'checking', calls: [`checkWebPage: {"url":"${String(context.widget.settings.url)}"}`], screen: checking }),
    },
    checking: {
      ...typing('checking'),
      [FRAMEABLE]: { to: 'idle', see: { check: 'frameable' }, calls: [], screen: [`the line ${text('layouts:widget.check.frameable')}`] },
      [REFUSES]: {
        to: 'idle',
        see: { check: 'x_frame_options' },
        calls: [],
        screen: [`the warning ${text('layouts:widget.check.refused', { reason: text('layouts:widget.reasons.x_frame_options') })}`],
      },
      [CHECK_FAILS]: { to: 'idle', see: { check: 'failed' }, calls: [], screen: [`the warning ${text('layouts:widget.check.failed')}`] },
    },
  },
  view: (snapshot) => ({
    url: snapshot.context.widget.settings.url,
    zoom: snapshot.context.widget.settings.zoom,
    errors: snapshot.context.errors,
    refused: snapshot.context.refused,
    check: snapshot.context.check ? (snapshot.context.check.frameable ? 'frameable' : snapshot.context.check.reason) : snapshot.context.checkError ? 'failed' : null,
  }),
});
