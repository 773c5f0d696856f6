import { officePowerMachine } from '../../../src/machines/company/officePower.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';
import { COMPANY_EDITOR } from './pages.ts';

const OPEN = 'press the screen hours of the office Riverside';
const OTHER = 'close it and press the screen hours of the office Harbour';

/** The screen hours of an office (OfficePowerDialog.tsx, GET /branch-offices/{id}/power/) as its dialog opens, in their fetch status. */
export default defineFetchQa({
  machine: officePowerMachine,
  file: 'src/machines/company/officePower.machine.ts',
  title: 'The screen hours of an office as its dialog opens',
  open: { words: OPEN, params: 9, calls: 'load: {"params":9}' },
  other: { words: OTHER, params: 10, calls: 'load: {"params":10}' },
  answer: { words: 'the server answers: always on, Europe/Berlin', data: { office: 9, timezone: 'Europe/Berlin', schedule: null }, rows: 1 },
  failure: OFFLINE,
  namespace: 'company',
  preconditions: { start: { route: '/branch-offices', user: COMPANY_EDITOR, data: 'offices Riverside (id 9, Europe/Berlin, no screen hours set) and Harbour (id 10)' } },
  howTo: {
    [OPEN]: `press the button ${text('company:power.actionOf', { name: 'Riverside' })} in Riverside's row`,
    [OTHER]: `press ${text('common:actions.close')}, then ${text('company:power.actionOf', { name: 'Harbour' })} in Harbour's row`,
    [OFFLINE.words]: blocked('*/branch-offices/9/power/*', `press ${text('company:power.actionOf', { name: 'Riverside' })}`),
  },
  offScreen: {
    [OPEN]: { loading: 'the dialog is open already', updating: 'the dialog is open already', complete: 'the dialog is open already: it shows the form' },
  },
  screen: {
    loading: [`the dialog ${text('company:power.title', { name: 'Riverside' })} with a spinner and ${text('common:actions.close')}`],
    answer: [`the form: ${text('company:power.mode')} with ${text('company:power.modes.always_on')} chosen, and ${text('common:actions.save')}`],
    updating: ["the dialog keeps Riverside's form until Harbour's hours come"],
    forbidden: [`in the dialog: ${text('company:power.loadError')}: ${text('common:errors.network_error')}, with ${text('company:power.retry')} and ${text('common:actions.close')}`],
  },
});
