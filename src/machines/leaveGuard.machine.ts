import { assign, setup } from 'xstate';

export interface LeaveGuardContext {
  /** Whether the screen holds work that leaving would lose (unsaved changes, unpublished events, a running upload). */
  dirty: boolean;
}

export type LeaveGuardEvent =
  /** The screen's work changed: leaving would (or would no longer) lose something. */
  | { type: 'leave.changes'; dirty: boolean }
  /** The router held back a navigation to another page (a link, the back button). */
  | { type: 'leave.blocked' }
  /** "Stay" in the leave question, or the question dismissed (Escape). */
  | { type: 'leave.stay' }
  /** "Leave" in the leave question. */
  | { type: 'leave.leave' };

/**
 * The leave question of every guarded screen (playlist, campaign devices, scheduler, device configs, upload): while
 * the screen is dirty, a navigation to another page is held back and the question asks; "Stay" cancels the
 * navigation (`stay`), "Leave" lets it go on (`proceed`). The view (common/LeaveGuard.tsx) provides both actions
 * with the router's blocker (views/app/router.tsx), and tells the machine when the router holds a navigation back.
 */
export const leaveGuardMachine = setup({
  types: {
    context: {} as LeaveGuardContext,
    events: {} as LeaveGuardEvent,
    input: {} as { dirty: boolean },
  },
  actions: {
    stay: () => {},
    proceed: () => {},
    setDirty: assign((_, params: { dirty: boolean }) => ({ dirty: params.dirty })),
  },
  guards: {
    isDirty: ({ context }) => context.dirty,
  },
}).createMachine({
  id: 'leaveGuard',
  context: ({ input }) => ({ dirty: input.dirty }),
  initial: 'watching',
  on: {
    'leave.changes': { actions: { type: 'setDirty', params: ({ event }) => ({ dirty: event.dirty }) } },
  },
  states: {
    watching: {
      on: {
        'leave.blocked': [
          { guard: 'isDirty', target: 'asking' },
          // Saved meanwhile: nothing would be lost, the navigation goes on without asking.
          { actions: 'proceed' },
        ],
      },
    },
    asking: {
      tags: ['asking'],
      on: {
        'leave.stay': { target: 'watching', actions: 'stay' },
        'leave.leave': { target: 'watching', actions: 'proceed' },
      },
    },
  },
});

export type LeaveGuardMachine = typeof leaveGuardMachine;
