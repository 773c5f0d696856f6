import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { savePreferences, type Preferences } from '../../services/profile.service.ts';

export type PreferenceChange = Partial<{ language: Preferences['language']; theme: Preferences['theme'] }>;

export interface PreferencesContext {
  /** What the server keeps (null until the profile has loaded). */
  saved: Preferences | null;
  /** What waits to be saved (merged changes). */
  pending: PreferenceChange;
  /** Code of the last failed save, or null. */
  error: string | null;
}

export type PreferencesEvent =
  | { type: 'preferences.loaded'; preferences: Preferences }
  | { type: 'preferences.change'; change: PreferenceChange }
  | { type: 'preferences.signedOut' };

/** The part of a change that differs from what the server keeps. */
export function unsaved(saved: Preferences | null, change: PreferenceChange): PreferenceChange {
  return Object.fromEntries(Object.entries(change).filter(([key, value]) => value !== undefined && saved?.[key as keyof Preferences] !== value)) as PreferenceChange;
}

/**
 * The signed-in user's language and theme, kept on the server so they follow the user: applied when the profile loads
 * (the chosen ones only), saved when the user changes one afterwards. Changes before the profile loaded are the
 * browser's own and are not saved. Views provide `applyLanguage` and `applyTheme`.
 */
export const preferencesMachine = setup({
  types: { context: {} as PreferencesContext, events: {} as PreferencesEvent },
  actors: {
    savePreferences: fromPromise<Preferences, PreferenceChange>(({ input }) => savePreferences(input)),
  },
  guards: {
    changesSomething: ({ context, event }) => event.type === 'preferences.change' && Object.keys(unsaved(context.saved, event.change)).length > 0,
  },
  actions: {
    setSaved: assign((_, params: { preferences: Preferences }) => ({ saved: params.preferences, pending: {}, error: null })),
    addPending: assign(({ context }, params: { change: PreferenceChange }) => ({ pending: { ...context.pending, ...unsaved(context.saved, params.change) } })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    forget: assign({ saved: null, pending: {}, error: null }),
    /** Provided by the view: switch the interface language. */
    applyLanguage: (_, _params: { language: string }) => {},
    /** Provided by the view: switch the colour theme. */
    applyTheme: (_, _params: { theme: string }) => {},
  },
}).createMachine({
  id: 'preferences',
  context: { saved: null, pending: {}, error: null },
  initial: 'waiting',
  on: {
    'preferences.signedOut': { target: '.waiting', actions: 'forget' },
  },
  states: {
    /** Until the profile has loaded: nothing to apply, nothing to save. */
    waiting: {
      on: {
        'preferences.loaded': {
          target: 'idle',
          actions: [
            { type: 'setSaved', params: ({ event }) => ({ preferences: event.preferences }) },
            { type: 'applyLanguage', params: ({ event }) => ({ language: event.preferences.language ?? '' }) },
            { type: 'applyTheme', params: ({ event }) => ({ theme: event.preferences.theme ?? '' }) },
          ],
        },
      },
    },
    idle: {
      on: {
        'preferences.change': { guard: 'changesSomething', target: 'saving', actions: { type: 'addPending', params: ({ event }) => ({ change: event.change }) } },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'savePreferences',
        src: 'savePreferences',
        input: ({ context }) => context.pending,
        onDone: { target: 'idle', actions: { type: 'setSaved', params: ({ event }) => ({ preferences: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        // A change while one is saved: save both together, after it.
        'preferences.change': { guard: 'changesSomething', target: 'saving', reenter: true, actions: { type: 'addPending', params: ({ event }) => ({ change: event.change }) } },
      },
    },
    /** The last save failed: the next change tries again with everything unsaved. */
    failed: {
      on: {
        'preferences.change': { guard: 'changesSomething', target: 'saving', actions: { type: 'addPending', params: ({ event }) => ({ change: event.change }) } },
      },
    },
  },
});

export type PreferencesActor = ActorRefFrom<typeof preferencesMachine>;
