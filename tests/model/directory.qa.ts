import { directoryMachine, type DirectoryContext } from '../../src/machines/directory.machine.ts';
import { selectError, selectFieldErrors, selectForm, selectIsLoading, selectLoadError, selectQueries } from '../../src/machines/directory.selectors.ts';
import { ApiRequestError } from '../../src/services/http.ts';
import type { DirectoryQuery } from '../../src/services/schemas/directory.ts';
import { defineQa, done, error } from './qa/catalogue.ts';
import { englishText, text } from './qa/screen.ts';

const query = (patch: Partial<DirectoryQuery> = {}): DirectoryQuery => ({
  id: 1,
  name: 'Full HD',
  value: '1920 x 1080 @ fps=30 @ x264',
  type: 'video',
  device: 'tvpi',
  screen: 'horizontal',
  active: true,
  created: '2026-01-01T00:00:00.000Z',
  updated: '2026-01-01T00:00:00.000Z',
  ...patch,
});
const FULL_HD = query();
const VALID_VALUE = '3840 x 2160 @ fps=25 @ hevc';
const page = (results: DirectoryQuery[]) => ({ count: results.length, next: null, previous: null, results });

const LISTED = 'the server lists one preset, Full HD';
const LIST_FAILS = 'the list is refused (403 forbidden)';
const RELOAD = 'press "Reload"';
const PAGE_2 = 'go to page 2';
const ADD = 'press "Add"';
const EDIT = 'press "Edit" on Full HD';
const NAME = 'type the name 4K';
const CLEAR_NAME = 'clear the name';
const VALUE = `type the value "${VALID_VALUE}"`;
const BAD_VALUE = 'type the value "3840x2160" (wrong format)';
const SAVE = 'press "Save"';
const CANCEL = 'press "Cancel"';
const SAVED_NEW = 'the server adds the preset';
const SAVED_EDIT = 'the server saves the edited preset';
const TAKEN = 'the server refuses: the name is taken';
const SAVE_OFFLINE = 'the network is down during the save';
const TOGGLE = 'switch Full HD on or off';
const SWITCHED = 'the server switches Full HD';
const SWITCH_OFFLINE = 'the network is down during the switch';

type Context = DirectoryContext;
const adding = (context: Context) => context.form?.id === null;
/** The spec's rule for a preset: a name, and a value of the form "W x H @ fps=N @ codec". */
const validForm = (context: Context) =>
  !!context.form && context.form.fields.name.trim() !== '' && [FULL_HD.value, VALID_VALUE].includes(context.form.fields.value);
const formOf = (context: Context) => ({ form: context.form });

// What the screen shows (src/views/directory: DirectoryScreen, DirectoryTable, DirectoryFormDialog).
const d = (key: string, values: Record<string, unknown> = {}) => text(`directory:${key}`, values);
const REFRESH = text('common:actions.refresh');
const SAVE_BUTTON = text('common:actions.save');
const CANCEL_BUTTON = text('common:actions.cancel');
const field = (key: string) => `the field ${d(`fields.${key}`)}`;
const ROW = (name: string, active: boolean) =>
  `the row ${name}: ${FULL_HD.value}, ${d('types.video')}, "${englishText('directory:deviceTypes.tvpi')} · ${englishText('directory:screens.horizontal')}", ${d(active ? 'status.active' : 'status.inactive')}, with a pencil (${d('actions.editNamed', { name })}) and ${d(active ? 'actions.deactivate' : 'actions.activate')}`;
const SPINNER = `the spinner ${text('common:loading')} in place of the table`;
const DIALOG = 'the dialog covers the page';
const NO_TABLE = { loading: 'the table is not shown while the list loads', failed: 'no table is shown after a failed load' };
const NO_DIALOG = { loading: 'no dialog is open', failed: 'no dialog is open', 'ready.idle': 'no dialog is open', 'ready.toggling': 'no dialog is open' };
/** The spec's messages of a refused form: a name is required, the value has the form "W x H @ fps=N @ codec". */
const refusals = (context: Context) => [
  ...(context.form!.fields.name.trim() === '' ? [`under ${field('name')}, in red: ${d('validation.required')}`] : []),
  ...([FULL_HD.value, VALID_VALUE].includes(context.form!.fields.value) ? [] : [`under ${field('value')}, in red: ${d('validation.valueFormat')}`]),
];

/** Section 9, the Directory of encoding presets (administrator only). */
export default defineQa({
  machine: directoryMachine,
  file: 'src/machines/directory.machine.ts',
  title: 'The Directory of encoding presets',
  req: { [SAVED_NEW]: ['S8.2-18'], [SAVE_OFFLINE]: ['S8.2-18'] },
  namespace: 'directory',
  actors: ['loadQueries', 'saveQuery', 'toggleQuery'],
  recorded: ['notify'],
  preconditions: {
    start: {
      route: '/directory',
      user: 'user 1, the first administrator (no other user has the Directory: the menu leaves it out and the server refuses everyone else)',
      data: 'one encoding query, Full HD (1920 x 1080 @ fps=30 @ x264, Video, Vitrine Pi player, Horizontal, active); none named 4K',
    },
  },
  howTo: {
    [LISTED]: 'wait: the server lists the queries',
    [LIST_FAILS]: `in the devtools Network tab, block the URL /api/v1/directory/queries/ and reload the page (a blocked request reads "${englishText('common:errors.network_error')}" after the colon instead of the 403's text)`,
    [RELOAD]: `press ${REFRESH} in the page header`,
    [ADD]: `press ${d('actions.add')}`,
    [EDIT]: `press the pencil of the row Full HD (${d('actions.editNamed', { name: 'Full HD' })})`,
    [TOGGLE]: `press ${d('actions.deactivate')} (or ${d('actions.activate')}) in the row Full HD`,
    [SAVED_NEW]: 'wait: the server adds the query',
    [SAVED_EDIT]: 'wait: the server saves the query',
    [TAKEN]: 'save with the name of a query that exists (add one named 4K first, in another tab)',
    [SAVE_OFFLINE]: `in the devtools Network tab, choose "Offline" before pressing ${SAVE_BUTTON}`,
    [SWITCHED]: 'wait: the server switches the query',
    [SWITCH_OFFLINE]: `in the devtools Network tab, choose "Offline" before pressing ${d('actions.deactivate')}`,
  },
  offScreen: {
    [PAGE_2]: 'the Directory has no pager: it lists one page of queries',
    [RELOAD]: { loading: `${REFRESH} is disabled while the list loads`, 'ready.editing': DIALOG, 'ready.saving': DIALOG, 'ready.toggling': `${REFRESH} is disabled while a query is switched` },
    [ADD]: { loading: `${d('actions.add')} is disabled while the list loads`, failed: `${d('actions.add')} is disabled after a failed load`, 'ready.editing': DIALOG, 'ready.saving': DIALOG, 'ready.toggling': `${d('actions.add')} is disabled while a query is switched` },
    [EDIT]: { ...NO_TABLE, 'ready.editing': DIALOG, 'ready.saving': DIALOG, 'ready.toggling': 'the row buttons are disabled while a query is switched' },
    [TOGGLE]: { ...NO_TABLE, 'ready.editing': DIALOG, 'ready.saving': DIALOG, 'ready.toggling': 'the row buttons are disabled while a query is switched' },
    [NAME]: NO_DIALOG,
    [CLEAR_NAME]: NO_DIALOG,
    [VALUE]: NO_DIALOG,
    [BAD_VALUE]: NO_DIALOG,
    [SAVE]: { ...NO_DIALOG, 'ready.saving': `${SAVE_BUTTON} is disabled while the query saves` },
    [CANCEL]: { ...NO_DIALOG, 'ready.saving': `${CANCEL_BUTTON} is disabled while the query saves` },
  },
  events: {
    [LISTED]: done('loadQueries', page([FULL_HD])),
    [LIST_FAILS]: error('loadQueries', new ApiRequestError({ status: 403, code: 'forbidden', detail: 'No.' })),
    [RELOAD]: { type: 'directory.load' },
    [PAGE_2]: { type: 'directory.load', page: 2 },
    [ADD]: { type: 'directory.add' },
    [EDIT]: { type: 'directory.edit', id: 1 },
    [NAME]: { type: 'directory.change', field: 'name', value: '4K' },
    [CLEAR_NAME]: { type: 'directory.change', field: 'name', value: '' },
    [VALUE]: { type: 'directory.change', field: 'value', value: VALID_VALUE },
    [BAD_VALUE]: { type: 'directory.change', field: 'value', value: '3840x2160' },
    [SAVE]: { type: 'directory.save' },
    [CANCEL]: { type: 'directory.cancel' },
    [SAVED_NEW]: done('saveQuery', { ok: true, query: query({ id: 2, name: '4K', value: VALID_VALUE }) }),
    [SAVED_EDIT]: done('saveQuery', { ok: true, query: query({ name: '4K' }) }),
    [TAKEN]: done('saveQuery', { ok: false, reason: 'validation', fields: { name: 'taken' } }),
    [SAVE_OFFLINE]: error('saveQuery', new TypeError('Failed to fetch')),
    [TOGGLE]: { type: 'directory.toggle', id: 1 },
    [SWITCHED]: done('toggleQuery', { ok: true, query: query({ active: false }) }),
    [SWITCH_OFFLINE]: error('toggleQuery', new TypeError('Failed to fetch')),
  },
  when: {
    [SAVED_NEW]: (snapshot) => snapshot.context.form?.id === null,
    [SAVED_EDIT]: (snapshot) => snapshot.context.form?.id === 1,
    [SWITCHED]: (snapshot) => snapshot.context.queries.find((q) => q.id === 1)?.active === true,
  },
  initial: { start: { to: 'loading', see: { loading: true }, calls: ['loadQueries: {"page":1}'], screen: [`the heading ${text('screens:titles.directory')}`, SPINNER, `${REFRESH} and ${d('actions.add')} disabled`] } },
  expect: {
    loading: {
      [LISTED]: { to: 'ready.idle', see: { presets: ['Full HD on'], loading: false }, screen: [`the table ${d('list.label')} with ${ROW('Full HD', true)}`] },
      [LIST_FAILS]: { to: 'failed', see: { loadError: 'forbidden' }, screen: [`in red: "${englishText('directory:messages.loadError')}: ${englishText('common:errors.forbidden')}"`] },
    },
    failed: {
      // "Reload" asks again for the page that failed (page 2 once page 2 was asked for), as it does once the list shows.
      [RELOAD]: (context: Context) => ({ to: 'loading', calls: [`loadQueries: {"page":${context.page}}`], screen: [SPINNER] }),
      [PAGE_2]: { to: 'loading', calls: ['loadQueries: {"page":2}'] },
    },
    'ready.idle': {
      [RELOAD]: (context: Context) => ({ to: 'loading', calls: [`loadQueries: {"page":${context.page}}`], screen: [SPINNER] }),
      [PAGE_2]: { to: 'loading', calls: ['loadQueries: {"page":2}'] },
      [ADD]: {
        to: 'ready.editing',
        see: { form: { id: null, fields: { name: '', value: '', type: 'video', device: 'tvpi', screen: 'horizontal' } } },
        screen: [`the dialog ${d('form.addTitle')}: ${field('name')} and ${field('value')} empty (hint ${d('form.valueHint')}), ${field('type')} ${d('types.video')}, ${field('device')} ${d('deviceTypes.tvpi')}, ${field('screen')} ${d('screens.horizontal')}; the buttons ${CANCEL_BUTTON} and ${SAVE_BUTTON}`],
      },
      [EDIT]: {
        to: 'ready.editing',
        see: { form: { id: 1, fields: { name: 'Full HD', value: FULL_HD.value, type: 'video', device: 'tvpi', screen: 'horizontal' } } },
        screen: [`the dialog ${d('form.editTitle')}: ${field('name')} reads "Full HD", ${field('value')} reads "${FULL_HD.value}"`],
      },
      [TOGGLE]: (context: Context) => ({
        to: 'ready.toggling',
        see: { switching: 1 },
        screen: [`the button ${d(context.queries.find((q) => q.id === 1)!.active ? 'actions.deactivate' : 'actions.activate')} of Full HD shows a spinner; the row buttons, ${REFRESH} and ${d('actions.add')} are disabled`],
        calls: [`toggleQuery: {"id":1,"active":${!context.queries.find((q) => q.id === 1)!.active}}`],
      }),
    },
    'ready.editing': {
      [NAME]: { to: 'ready.editing', screen: [`${field('name')} reads "4K" (its red message, if any, goes)`] },
      [CLEAR_NAME]: { to: 'ready.editing', screen: [`${field('name')} is empty`] },
      [VALUE]: { to: 'ready.editing', screen: [`${field('value')} reads "${VALID_VALUE}" (its red message, if any, goes)`] },
      [BAD_VALUE]: { to: 'ready.editing', screen: [`${field('value')} reads "3840x2160"`] },
      // A form the spec refuses is never sent: the fields say why instead.
      [SAVE]: (context: Context) =>
        validForm(context)
          ? { to: 'ready.saving', see: { saving: true }, calls: [`saveQuery: ${JSON.stringify(formOf(context))}`], screen: [`${SAVE_BUTTON} shows a spinner; ${CANCEL_BUTTON} and ${SAVE_BUTTON} are disabled`] }
          : { to: 'ready.editing', calls: [], screen: refusals(context) },
      [CANCEL]: { to: 'ready.idle', see: { form: null, fieldErrors: {} }, screen: ['the dialog closes; nothing is saved'] },
    },
    'ready.saving': {
      [SAVED_NEW]: (context: Context) => ({
        to: 'ready.idle',
        see: { form: null, presets: [...context.queries.map((q) => `${q.name} ${q.active ? 'on' : 'off'}`), '4K on'] },
        calls: ['notify: {"message":"messages.addSuccess","intent":"success"}'],
        screen: ['the dialog closes; the table has a row 4K'],
      }),
      [SAVED_EDIT]: { to: 'ready.idle', see: { form: null }, calls: ['notify: {"message":"messages.editSuccess","intent":"success"}'], screen: ['the dialog closes; the row reads 4K'] },
      [TAKEN]: { to: 'ready.editing', see: { fieldErrors: { name: 'taken' }, error: 'validation' }, calls: [], screen: [`under ${field('name')}, in red: ${d('validation.nameTaken')}`] },
      [SAVE_OFFLINE]: (context: Context) => ({
        to: 'ready.editing',
        see: { error: 'network_error' },
        calls: [`notify: {"message":"messages.${adding(context) ? 'add' : 'edit'}Error","intent":"error"}`],
        screen: [`the dialog stays with what was typed; in it, in red: ${d(`messages.${adding(context) ? 'add' : 'edit'}Error`)}`],
      }),
    },
    'ready.toggling': {
      [SWITCHED]: { to: 'ready.idle', see: { presets: ['Full HD off'], switching: null }, screen: [`Full HD reads ${d('status.inactive')} with the button ${d('actions.activate')}`] },
      [SWITCH_OFFLINE]: { to: 'ready.idle', see: { switching: null }, calls: ['notify: {"message":"messages.editError","intent":"error"}'], screen: ['Full HD stays as it was; the buttons are enabled again'] },
    },
  },
  view: (snapshot) => ({
    loading: selectIsLoading(snapshot),
    loadError: selectLoadError(snapshot),
    presets: selectQueries(snapshot).map((q) => `${q.name} ${q.active ? 'on' : 'off'}`),
    form: selectForm(snapshot),
    saving: snapshot.matches({ ready: 'saving' }),
    fieldErrors: selectFieldErrors(snapshot),
    error: selectError(snapshot),
    switching: snapshot.context.togglingId,
  }),
  key: (snapshot) => {
    const { form, queries, fieldErrors, error: failure, page: at, togglingId } = snapshot.context;
    return JSON.stringify([snapshot.value, form?.id, form?.fields.name, form?.fields.value, queries.map((q) => [q.id, q.active]), Object.keys(fieldErrors), failure, at, togglingId]);
  },
});
