import { assign, fromPromise, setup } from 'xstate';
import { saveCompany, setCompanyActive, setCompanyVideoUpload } from '../../services/company.service.ts';

/**
 * Which of a company's independent switches: active and video upload active (spec section 4), and its sign-in settings
 * (issue 40): "Require two-factor codes" and "Also for single sign-on".
 */
export type CompanySetting = 'active' | 'video' | 'twoFactor' | 'twoFactorSso';

export interface CompanySwitchRequest {
  id: number;
  setting: CompanySetting;
  /** The value asked for: true activates, false deactivates. */
  on: boolean;
}

export type SwitchOutcome = { ok: true } | { ok: false; code: string };

export interface CompanySwitchContext {
  request: CompanySwitchRequest | null;
}

export type CompanySwitchEvent = { type: 'switch.request'; id: number; setting: CompanySetting; on: boolean };

/** The success message of a switch (company namespace), spec section 8: company activated / deactivated, video upload. */
export function switchedKey(request: Pick<CompanySwitchRequest, 'setting' | 'on'>): string {
  if (request.setting === 'active') return request.on ? 'messages.companyActivated' : 'messages.companyDeactivated';
  if (request.setting === 'twoFactor') return request.on ? 'messages.twoFactorRequired' : 'messages.twoFactorNotRequired';
  if (request.setting === 'twoFactorSso') return request.on ? 'messages.twoFactorSsoRequired' : 'messages.twoFactorSsoNotRequired';
  return request.on ? 'messages.videoActivated' : 'messages.videoDeactivated';
}

async function change(request: CompanySwitchRequest): Promise<SwitchOutcome> {
  const outcome =
    request.setting === 'active'
      ? await setCompanyActive(request.id, request.on)
      : request.setting === 'video'
        ? await setCompanyVideoUpload(request.id, request.on)
        : await saveCompany(request.id, request.setting === 'twoFactor' ? { require_two_factor: request.on } : { require_two_factor_sso: request.on });
  return outcome.ok ? { ok: true } : { ok: false, code: outcome.code };
}

/**
 * A company's one-click switches on the hierarchy screens (activate / deactivate, allow / stop video upload; on /company,
 * require two-factor codes, also for single sign-on):
 * idle -> switching (the change-active or change-video-upload call) -> idle, saying how it went and reloading the
 * hierarchy whatever the answer. One switch at a time: the companies' action menus are disabled while it runs.
 * The view provides `notify` (a company namespace key), `notifyRefusal` (the refusal's code) and `reload`.
 */
export const companySwitchMachine = setup({
  types: { context: {} as CompanySwitchContext, events: {} as CompanySwitchEvent },
  actors: {
    change: fromPromise<SwitchOutcome, CompanySwitchRequest>(({ input }) => change(input)),
  },
  guards: {
    switched: (_, params: { outcome: SwitchOutcome }) => params.outcome.ok,
  },
  actions: {
    setRequest: assign((_, params: CompanySwitchRequest) => ({ request: params })),
    clearRequest: assign({ request: null }),
    notify: (_, _params: { key: string; intent: 'success' | 'error' }) => {},
    notifyRefusal: (_, _params: { code: string }) => {},
    reload: () => {},
  },
}).createMachine({
  id: 'companySwitch',
  context: { request: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'switch.request': { target: 'switching', actions: { type: 'setRequest', params: ({ event }) => ({ id: event.id, setting: event.setting, on: event.on }) } },
      },
    },
    switching: {
      tags: ['busy'],
      invoke: {
        id: 'change',
        src: 'change',
        input: ({ context }) => context.request!,
        onDone: [
          {
            guard: { type: 'switched', params: ({ event }) => ({ outcome: event.output }) },
            target: 'idle',
            actions: [{ type: 'notify', params: ({ context }) => ({ key: switchedKey(context.request!), intent: 'success' as const }) }, 'clearRequest', 'reload'],
          },
          {
            target: 'idle',
            actions: [{ type: 'notifyRefusal', params: ({ event }) => ({ code: event.output.ok ? '' : event.output.code }) }, 'clearRequest', 'reload'],
          },
        ],
        onError: { target: 'idle', actions: [{ type: 'notify', params: { key: 'messages.updateError', intent: 'error' } }, 'clearRequest', 'reload'] },
      },
    },
  },
});
