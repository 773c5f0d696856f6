import { DEFAULT_THEME, THEME_STORAGE_KEY, themeMachine } from '../../src/machines/theme.machine.ts';
import { selectTheme } from '../../src/machines/theme.selectors.ts';
import { defineQa } from './qa/catalogue.ts';

const DARK = 'pick the Dark theme';
const GREEN = 'pick the Green theme';
const UNKNOWN = 'a stored link asks for the unknown theme PURPLE';

/** The colour theme: a known name is applied and stored; an unknown one falls back to DEFAULT with a warning. */
export default defineQa({
  machine: themeMachine,
  file: 'src/machines/theme.machine.ts',
  title: 'The colour theme',
  req: { [DARK]: ['S4.13-1'], [GREEN]: ['S4.13-1'], [UNKNOWN]: ['S8.2-4'] },
  recorded: ['warnInvalidTheme'],
  starts: {
    'nothing stored': () => localStorage.clear(),
    'Dark stored': () => {
      localStorage.clear();
      localStorage.setItem(THEME_STORAGE_KEY, 'DARK');
    },
  },
  events: {
    [DARK]: { type: 'theme.set', name: 'DARK' },
    [GREEN]: { type: 'theme.set', name: 'GREEN' },
    [UNKNOWN]: { type: 'theme.set', name: 'PURPLE' },
  },
  initial: {
    'nothing stored': { see: { theme: DEFAULT_THEME, stored: null } },
    'Dark stored': { see: { theme: 'DARK', stored: 'DARK' } },
  },
  expect: {
    '': {
      [DARK]: { see: { theme: 'DARK', stored: 'DARK' }, calls: [] },
      [GREEN]: { see: { theme: 'GREEN', stored: 'GREEN' }, calls: [] },
      [UNKNOWN]: { see: { theme: DEFAULT_THEME, stored: DEFAULT_THEME }, calls: ['warnInvalidTheme: {"name":"PURPLE"}'] },
    },
  },
  view: (snapshot) => ({ theme: selectTheme(snapshot), stored: localStorage.getItem(THEME_STORAGE_KEY) }),
});
