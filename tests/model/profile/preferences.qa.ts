import { preferencesMachine } from '../../../src/machines/profile/preferences.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const LOADED = 'the profile loads with Russian and the Dark theme';
const LOADED_NONE = 'the profile loads with nothing chosen';
const DARK = 'pick the Dark theme';
const BLUE = 'pick the Blue theme';
const ENGLISH = 'pick English';
const SAVED = 'the server keeps them';
const FAILED = 'the network is down';
const SIGN_OUT = 'sign out';

const KEPT = { language: 'ru', theme: 'DARK' } as const;

const SECTION = `the section ${text('profile:preferences.title')} on /profile`;
const SAVING = `${SECTION} says ${text('profile:preferences.saving')}`;
const KEPT_WORDS = `${SECTION} says ${text('profile:preferences.saved')}`;
const FAILED_WORDS = `${SECTION} says ${text('profile:preferences.failed')}`;
const ONCE = 'the profile is applied once per sign-in: it loads again only after signing out and in';
const LOGIN = `the sign-in screen (after ${text('layout:signOut')} in the user menu)`;
const SIGNED_OUT = 'the theme pickers (the user menu, /profile) show only to a signed-in user';
const NONE = { language: null, theme: null } as const;

type Context = { saved: { language: string | null; theme: string | null } | null; pending: Record<string, string> };
/** A pick saves what differs from what the server keeps (with whatever still waits); a pick of the kept value does nothing. */
const pick = (change: Record<string, string>, from: string) => (context: Context) => {
  const differs = Object.entries(change).filter(([key, value]) => context.saved?.[key as 'theme'] !== value);
  if (differs.length === 0) return { to: from };
  const pending = { ...context.pending, ...Object.fromEntries(differs) };
  return { to: 'saving', see: { saving: true }, calls: [`savePreferences: ${JSON.stringify(pending)}`], screen: [SAVING] };
};

/** The user's language and theme follow them: applied when the profile loads, saved when changed afterwards. */
export default defineQa({
  machine: preferencesMachine,
  file: 'src/machines/profile/preferences.machine.ts',
  title: "The signed-in user's language and theme, kept on the server",
  actors: ['savePreferences'],
  recorded: ['applyLanguage', 'applyTheme'],
  namespace: 'profile',
  preconditions: {
    start: {
      route: '/login (signed out); after signing in, /profile (its section "Language and theme")',
      user: 'any user (every user has /profile), signed out at the start',
      data: `a user "Оператор" who chose ${text('profile:languages.ru')} and the ${text('layout:themes.DARK')} theme on /profile before, and a user "Новый" who never chose either`,
    },
  },
  howTo: {
    [LOADED]: 'sign in as "Оператор"',
    [LOADED_NONE]: 'sign in as "Новый"',
    [SAVED]: 'wait: the server answers PUT /api/v1/users/profile/',
    [FAILED]: 'in the devtools Network tab, block the request URL /api/v1/users/profile/ (PUT) before picking, or go offline',
  },
  offScreen: {
    [LOADED]: { idle: ONCE, saving: ONCE, failed: ONCE },
    [LOADED_NONE]: { idle: ONCE, saving: ONCE, failed: ONCE },
    [DARK]: { waiting: SIGNED_OUT },
    [BLUE]: { waiting: SIGNED_OUT },
    [SIGN_OUT]: { waiting: 'nobody is signed in: there is nothing to sign out of' },
  },
  events: {
    [LOADED]: { type: 'preferences.loaded', preferences: KEPT },
    [LOADED_NONE]: { type: 'preferences.loaded', preferences: NONE },
    [DARK]: { type: 'preferences.change', change: { theme: 'DARK' } },
    [BLUE]: { type: 'preferences.change', change: { theme: 'BLUE' } },
    [ENGLISH]: { type: 'preferences.change', change: { language: 'en' } },
    [SAVED]: done('savePreferences', { language: 'en', theme: 'BLUE' }),
    [FAILED]: error('savePreferences', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [SIGN_OUT]: { type: 'preferences.signedOut' },
  },
  initial: { start: { to: 'waiting', see: { saved: null } } },
  expect: {
    waiting: {
      [LOADED]: {
        to: 'idle',
        see: { saved: KEPT },
        calls: ['applyLanguage: {"language":"ru"}', 'applyTheme: {"theme":"DARK"}'],
        screen: [`the panel opens in ${text('profile:languages.ru')} with the ${text('layout:themes.DARK')} theme`],
      },
      [LOADED_NONE]: {
        to: 'idle',
        see: { saved: NONE },
        calls: ['applyLanguage: {"language":""}', 'applyTheme: {"theme":""}'],
        screen: ['the panel keeps the language and theme this browser had'],
      },
      [SIGN_OUT]: { to: 'waiting', see: { saved: null } },
    },
    idle: {
      [DARK]: pick({ theme: 'DARK' }, 'idle'),
      [BLUE]: pick({ theme: 'BLUE' }, 'idle'),
      [ENGLISH]: pick({ language: 'en' }, 'idle'),
      [SIGN_OUT]: { to: 'waiting', see: { saved: null }, screen: [LOGIN] },
    },
    saving: {
      [SAVED]: { to: 'idle', see: { saving: false, saved: { language: 'en', theme: 'BLUE' }, error: null }, screen: [KEPT_WORDS] },
      [FAILED]: { to: 'failed', see: { saving: false, error: 'network_error' }, screen: [FAILED_WORDS] },
      [DARK]: pick({ theme: 'DARK' }, 'saving'),
      [BLUE]: pick({ theme: 'BLUE' }, 'saving'),
      [ENGLISH]: pick({ language: 'en' }, 'saving'),
      [SIGN_OUT]: { to: 'waiting', see: { saved: null, saving: false }, screen: [LOGIN] },
    },
    failed: {
      [DARK]: pick({ theme: 'DARK' }, 'failed'),
      [BLUE]: pick({ theme: 'BLUE' }, 'failed'),
      [ENGLISH]: pick({ language: 'en' }, 'failed'),
      [SIGN_OUT]: { to: 'waiting', see: { saved: null, error: null }, screen: [LOGIN] },
    },
  },
  view: (snapshot) => ({ saving: snapshot.hasTag('busy'), saved: snapshot.context.saved, error: snapshot.context.error }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.saved, snapshot.context.pending, snapshot.context.error]),
});
