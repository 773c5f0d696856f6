import { preferencesMachine } from '../../../src/machines/profile/preferences.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

const LOADED = 'the profile loads with Russian and the Dark theme';
const LOADED_NONE = 'the profile loads with nothing chosen';
const DARK = 'pick the Dark theme';
const BLUE = 'pick the Blue theme';
const ENGLISH = 'pick English';
const SAVED = 'the server keeps them';
const FAILED = 'the network is down';
const SIGN_OUT = 'sign out';

const KEPT = { language: 'ru', theme: 'DARK' } as const;
const NONE = { language: null, theme: null } as const;

type Context = { saved: { language: string | null; theme: string | null } | null; pending: Record<string, string> };
/** A pick saves what differs from what the server keeps (with whatever still waits); a pick of the kept value does nothing. */
const pick = (change: Record<string, string>, from: string) => (context: Context) => {
  const differs = Object.entries(change).filter(([key, value]) => context.saved?.[key as 'theme'] !== value);
  if (differs.length === 0) return { to: from };
  const pending = { ...context.pending, ...Object.fromEntries(differs) };
  return { to: 'saving', see: { saving: true }, calls: [`savePreferences: ${JSON.stringify(pending)}`] };
};

/** The user's language and theme follow them: applied when the profile loads, saved when changed afterwards. */
export default defineQa({
  machine: preferencesMachine,
  file: 'src/machines/profile/preferences.machine.ts',
  title: "The signed-in user's language and theme, kept on the server",
  actors: ['savePreferences'],
  recorded: ['applyLanguage', 'applyTheme'],
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
      [LOADED]: { to: 'idle', see: { saved: KEPT }, calls: ['applyLanguage: {"language":"ru"}', 'applyTheme: {"theme":"DARK"}'] },
      [LOADED_NONE]: { to: 'idle', see: { saved: NONE }, calls: ['applyLanguage: {"language":""}', 'applyTheme: {"theme":""}'] },
      [SIGN_OUT]: { to: 'waiting', see: { saved: null } },
    },
    idle: {
      [DARK]: pick({ theme: 'DARK' }, 'idle'),
      [BLUE]: pick({ theme: 'BLUE' }, 'idle'),
      [ENGLISH]: pick({ language: 'en' }, 'idle'),
      [SIGN_OUT]: { to: 'waiting', see: { saved: null } },
    },
    saving: {
      [SAVED]: { to: 'idle', see: { saving: false, saved: { language: 'en', theme: 'BLUE' }, error: null } },
      [FAILED]: { to: 'failed', see: { saving: false, error: 'network_error' } },
      [DARK]: pick({ theme: 'DARK' }, 'saving'),
      [BLUE]: pick({ theme: 'BLUE' }, 'saving'),
      [ENGLISH]: pick({ language: 'en' }, 'saving'),
      [SIGN_OUT]: { to: 'waiting', see: { saved: null, saving: false } },
    },
    failed: {
      [DARK]: pick({ theme: 'DARK' }, 'failed'),
      [BLUE]: pick({ theme: 'BLUE' }, 'failed'),
      [ENGLISH]: pick({ language: 'en' }, 'failed'),
      [SIGN_OUT]: { to: 'waiting', see: { saved: null, error: null } },
    },
  },
  view: (snapshot) => ({ saving: snapshot.hasTag('busy'), saved: snapshot.context.saved, error: snapshot.context.error }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.saved, snapshot.context.pending, snapshot.context.error]),
});
