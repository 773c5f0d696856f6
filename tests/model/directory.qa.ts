import { directoryMachine, type DirectoryContext } from '../../src/machines/directory.machine.ts';
import { selectError, selectFieldErrors, selectForm, selectIsLoading, selectLoadError, selectQueries } from '../../src/machines/directory.selectors.ts';
import { ApiRequestError } from '../../src/services/http.ts';
import type { DirectoryQuery } from '../../src/services/schemas/directory.ts';
import { defineQa, done, error } from './qa/catalogue.ts';

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

/** Section 9, the Directory of encoding presets (administrator only). */
export default defineQa({
  machine: directoryMachine,
  file: 'src/machines/directory.machine.ts',
  title: 'The Directory of encoding presets',
  req: { [SAVED_NEW]: ['S8.2-18'], [SAVE_OFFLINE]: ['S8.2-18'] },
  namespace: 'directory',
  actors: ['loadQueries', 'saveQuery', 'toggleQuery'],
  recorded: ['notify'],
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
  initial: { start: { to: 'loading', see: { loading: true }, calls: ['loadQueries: {"page":1}'] } },
  expect: {
    loading: {
      [LISTED]: { to: 'ready.idle', see: { presets: ['Full HD on'], loading: false } },
      [LIST_FAILS]: { to: 'failed', see: { loadError: 'forbidden' } },
    },
    failed: {
      [RELOAD]: { to: 'loading', calls: ['loadQueries: {"page":1}'] },
      [PAGE_2]: { to: 'loading', calls: ['loadQueries: {"page":2}'] },
    },
    'ready.idle': {
      [RELOAD]: (context: Context) => ({ to: 'loading', calls: [`loadQueries: {"page":${context.page}}`] }),
      [PAGE_2]: { to: 'loading', calls: ['loadQueries: {"page":2}'] },
      [ADD]: { to: 'ready.editing', see: { form: { id: null, fields: { name: '', value: '', type: 'video', device: 'tvpi', screen: 'horizontal' } } } },
      [EDIT]: { to: 'ready.editing', see: { form: { id: 1, fields: { name: 'Full HD', value: FULL_HD.value, type: 'video', device: 'tvpi', screen: 'horizontal' } } } },
      [TOGGLE]: (context: Context) => ({
        to: 'ready.toggling',
        see: { switching: 1 },
        calls: [`toggleQuery: {"id":1,"active":${!context.queries.find((q) => q.id === 1)!.active}}`],
      }),
    },
    'ready.editing': {
      [NAME]: 'ready.editing',
      [CLEAR_NAME]: 'ready.editing',
      [VALUE]: 'ready.editing',
      [BAD_VALUE]: 'ready.editing',
      // A form the spec refuses is never sent: the fields say why instead.
      [SAVE]: (context: Context) =>
        validForm(context)
          ? { to: 'ready.saving', see: { saving: true }, calls: [`saveQuery: ${JSON.stringify(formOf(context))}`] }
          : { to: 'ready.editing', calls: [] },
      [CANCEL]: { to: 'ready.idle', see: { form: null, fieldErrors: {} } },
    },
    'ready.saving': {
      [SAVED_NEW]: (context: Context) => ({
        to: 'ready.idle',
        see: { form: null, presets: [...context.queries.map((q) => `${q.name} ${q.active ? 'on' : 'off'}`), '4K on'] },
        calls: ['notify: {"message":"messages.addSuccess","intent":"success"}'],
      }),
      [SAVED_EDIT]: { to: 'ready.idle', see: { form: null }, calls: ['notify: {"message":"messages.editSuccess","intent":"success"}'] },
      [TAKEN]: { to: 'ready.editing', see: { fieldErrors: { name: 'taken' }, error: 'validation' }, calls: [] },
      [SAVE_OFFLINE]: (context: Context) => ({
        to: 'ready.editing',
        see: { error: 'network_error' },
        calls: [`notify: {"message":"messages.${adding(context) ? 'add' : 'edit'}Error","intent":"error"}`],
      }),
    },
    'ready.toggling': {
      [SWITCHED]: { to: 'ready.idle', see: { presets: ['Full HD off'], switching: null } },
      [SWITCH_OFFLINE]: { to: 'ready.idle', see: { switching: null }, calls: ['notify: {"message":"messages.editError","intent":"error"}'] },
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
