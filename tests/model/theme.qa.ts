import { themeMachine } from '../../src/machines/theme.machine.ts';
import { selectTheme } from '../../src/machines/theme.selectors.ts';
import { defineQa } from './qa/catalogue.ts';
import { text } from './qa/screen.ts';

/** Spec 4.13: "The default is DEFAULT"; the chosen theme is kept in this browser's localStorage under "theme". */
const DEFAULT_THEME = 'DEFAULT';
const THEME_STORAGE_KEY = 'theme';
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
  preconditions: {
    'nothing stored': { route: '/devices', user: 'any user; in the devtools, remove localStorage "theme" and reload' },
    'Dark stored': { route: '/devices', user: 'any user who picked the Dark theme before (localStorage "theme" is DARK); reload' },
  },
  howTo: {
    [DARK]: `open ${text('layout:userMenu')} in the top bar and choose ${text('layout:themes.DARK')} under ${text('layout:theme')}`,
    [GREEN]: `open ${text('layout:userMenu')} and choose ${text('layout:themes.GREEN')}`,
  },
  offScreen: {
    [UNKNOWN]:
      'the user menu, the profile page and the saved preferences only send the six known names; a stored unknown name is caught at start instead (set localStorage "theme" to PURPLE and reload: the console warns "The theme PURPLE is not valid" and the Default theme shows)',
  },
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
      [DARK]: { see: { theme: 'DARK', stored: 'DARK' }, calls: ['persistTheme: {"name":"DARK"}'], screen: [`dark backgrounds and light text; ${text('layout:userMenu')} marks ${text('layout:themes.DARK')}; it stays after a reload`] },
      [GREEN]: { see: { theme: 'GREEN', stored: 'GREEN' }, calls: ['persistTheme: {"name":"GREEN"}'], screen: [`green accents; ${text('layout:userMenu')} marks ${text('layout:themes.GREEN')}; it stays after a reload`] },
      [UNKNOWN]: { see: { theme: DEFAULT_THEME, stored: DEFAULT_THEME }, calls: ['warnInvalidTheme: {"name":"PURPLE"}', 'persistTheme: {"name":"DEFAULT"}'], screen: [`the ${text('layout:themes.DEFAULT')} theme; the console warns "The theme PURPLE is not valid"`] },
    },
  },
  view: (snapshot) => ({ theme: selectTheme(snapshot), stored: localStorage.getItem(THEME_STORAGE_KEY) }),
});
