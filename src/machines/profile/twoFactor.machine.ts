import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { confirmTwoFactor, disableTwoFactor, enrolTwoFactor, loadTwoFactor, type TwoFactorConfirmed, type TwoFactorEnrolment, type TwoFactorState } from '../../services/twoFactor.service.ts';
import { readTwoFactorCode } from '../../services/schemas/twoFactor.ts';
import type { WriteOutcome } from '../../services/writeOutcome.ts';

export interface TwoFactorContext {
  /** What the server says (null until loaded). */
  status: TwoFactorState | null;
  /** The secret and otpauth URI of the enrolment under way (drawn as a QR code), until confirmed or cancelled. */
  enrolment: TwoFactorEnrolment | null;
  /** The ten recovery codes, held only until the user says they have saved them. */
  recoveryCodes: string[] | null;
  /** The code being typed (to confirm an enrolment, or to turn the codes off). */
  code: string;
  /** Code of the last refusal or failure (`code_format` for a code of the wrong shape), or null. */
  error: string | null;
}

export type TwoFactorEvent =
  | { type: 'twoFactor.load' }
  | { type: 'twoFactor.setUp' }
  | { type: 'code.change'; code: string }
  | { type: 'twoFactor.confirm' }
  | { type: 'twoFactor.cancel' }
  | { type: 'codes.saved' }
  | { type: 'twoFactor.turnOff' }
  | { type: 'twoFactor.confirmOff' };

/** A refusal's code (400 invalid_code, 409 not_enrolling ...) from a write's outcome. */
const refusalOf = (outcome: WriteOutcome<unknown>) => (outcome.ok ? null : outcome.code);

/**
 * /profile's two-factor codes (issue 40): load the state; "Set up" asks for a secret (drawn as a QR code, shown as text),
 * a first code from the app confirms it and the ten recovery codes are shown once, until "I have saved them"; "Turn off"
 * asks, behind a confirmation, for a current code or a recovery code. A code of the wrong shape is refused before it is
 * sent (six digits to confirm; six digits or a recovery code to turn off); what was typed stays. The view provides
 * `enrolled` (the session reads the profile again: a user their company held is let go) and `turnedOff` (a toast).
 */
export const twoFactorMachine = setup({
  types: { context: {} as TwoFactorContext, events: {} as TwoFactorEvent },
  actors: {
    load: fromPromise<TwoFactorState>(() => loadTwoFactor()),
    enrol: fromPromise<TwoFactorEnrolment>(() => enrolTwoFactor()),
    confirm: fromPromise<WriteOutcome<TwoFactorConfirmed>, { code: string }>(({ input }) => confirmTwoFactor(input.code)),
    disable: fromPromise<WriteOutcome<TwoFactorState>, { code: string }>(({ input }) => disableTwoFactor(input.code)),
  },
  guards: {
    isOn: (_, params: { status: TwoFactorState }) => params.status.enabled,
    appCodeTyped: ({ context }) => readTwoFactorCode(context.code)?.kind === 'totp',
    anyCodeTyped: ({ context }) => readTwoFactorCode(context.code) !== null,
    accepted: (_, params: { outcome: WriteOutcome<unknown> }) => params.outcome.ok,
  },
  actions: {
    setStatus: assign((_, params: { status: TwoFactorState }) => ({ status: params.status, error: null })),
    setEnrolment: assign((_, params: { enrolment: TwoFactorEnrolment }) => ({ enrolment: params.enrolment, code: '', error: null })),
    setCodes: assign((_, params: { outcome: WriteOutcome<TwoFactorConfirmed> }) => ({
      recoveryCodes: params.outcome.ok ? params.outcome.value.recovery_codes : null,
      enrolment: null,
      code: '',
      error: null,
    })),
    turnedOffStatus: assign((_, params: { outcome: WriteOutcome<TwoFactorState> }) => (params.outcome.ok ? { status: params.outcome.value, code: '', error: null } : {})),
    setCode: assign((_, params: { code: string }) => ({ code: params.code, error: null })),
    setRefusal: assign((_, params: { outcome: WriteOutcome<unknown> }) => ({ error: refusalOf(params.outcome) })),
    setError: assign((_, params: { error: unknown }) => ({ error: errorCodeOf(params.error) })),
    badFormat: assign({ error: 'code_format' }),
    startOver: assign({ enrolment: null, code: '', error: null }),
    forgetCodes: assign({ recoveryCodes: null }),
    /** Provided by the view: the codes are on and saved; the session reads the profile again (a held user goes on). */
    enrolled: () => {},
    /** Provided by the view: say the codes are off. */
    turnedOff: () => {},
  },
}).createMachine({
  id: 'twoFactor',
  context: { status: null, enrolment: null, recoveryCodes: null, code: '', error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: [
          { guard: { type: 'isOn', params: ({ event }) => ({ status: event.output }) }, target: 'on', actions: { type: 'setStatus', params: ({ event }) => ({ status: event.output }) } },
          { target: 'off', actions: { type: 'setStatus', params: ({ event }) => ({ status: event.output }) } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      on: { 'twoFactor.load': 'loading' },
    },
    off: {
      on: { 'twoFactor.setUp': 'starting' },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'enrol',
        src: 'enrol',
        onDone: { target: 'enrolling', actions: { type: 'setEnrolment', params: ({ event }) => ({ enrolment: event.output }) } },
        onError: { target: 'off', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    enrolling: {
      on: {
        'code.change': { actions: { type: 'setCode', params: ({ event }) => ({ code: event.code }) } },
        'twoFactor.confirm': [{ guard: 'appCodeTyped', target: 'confirming' }, { actions: 'badFormat' }],
        'twoFactor.cancel': { target: 'off', actions: 'startOver' },
      },
    },
    confirming: {
      tags: ['busy'],
      invoke: {
        id: 'confirm',
        src: 'confirm',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          { guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) }, target: 'showingCodes', actions: { type: 'setCodes', params: ({ event }) => ({ outcome: event.output }) } },
          { target: 'enrolling', actions: { type: 'setRefusal', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: { target: 'enrolling', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The recovery codes, shown this once: they go when the user says they have saved them. */
    showingCodes: {
      on: { 'codes.saved': { target: 'loading', actions: ['forgetCodes', 'enrolled'] } },
    },
    on: {
      on: { 'twoFactor.turnOff': { target: 'confirmingOff', actions: 'startOver' } },
    },
    /** The confirmation of turning them off, with a current code or a recovery code. */
    confirmingOff: {
      on: {
        'code.change': { actions: { type: 'setCode', params: ({ event }) => ({ code: event.code }) } },
        'twoFactor.confirmOff': [{ guard: 'anyCodeTyped', target: 'turningOff' }, { actions: 'badFormat' }],
        'twoFactor.cancel': { target: 'on', actions: 'startOver' },
      },
    },
    turningOff: {
      tags: ['busy'],
      invoke: {
        id: 'disable',
        src: 'disable',
        input: ({ context }) => ({ code: context.code }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ outcome: event.output }) },
            target: 'off',
            actions: [{ type: 'turnedOffStatus', params: ({ event }) => ({ outcome: event.output }) }, 'turnedOff'],
          },
          { target: 'confirmingOff', actions: { type: 'setRefusal', params: ({ event }) => ({ outcome: event.output }) } },
        ],
        onError: { target: 'confirmingOff', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type TwoFactorActor = ActorRefFrom<typeof twoFactorMachine>;
