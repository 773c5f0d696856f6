import { companySwitchMachine, type CompanySwitchContext } from '../../../src/machines/company/companySwitch.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const DEACTIVATE = `choose ${text('company:actions.deactivate')} for "Acme"`;
const ACTIVATE = `choose ${text('company:actions.activate')} for "Acme"`;
const VIDEO_ON = `choose ${text('company:actions.videoOn')} for "Acme"`;
const VIDEO_OFF = `choose ${text('company:actions.videoOff')} for "Acme"`;
const TF_ON = `turn on ${text('company:twoFactor.require')} for "Acme" on /company`;
const TF_OFF = `turn off ${text('company:twoFactor.require')} for "Acme" on /company`;
const SSO_ON = `turn on ${text('company:twoFactor.sso')} for "Acme" on /company`;
const SSO_OFF = `turn off ${text('company:twoFactor.sso')} for "Acme" on /company`;
const SWITCHED = 'the server switches it';
const REFUSED = 'the server refuses the request (400)';
const OFFLINE = 'the network is down during the switch';

const MENU = text('company:actions.actionsOf', { name: 'Acme' });
const DISABLED = `the menu button ${MENU} of every company is disabled while the server answers`;
const RELOADED = 'the companies load again';
/** What the row shows once the server answered and the list loaded again. */
const SHOWN: Record<string, string> = {
  'active true': `"Acme" shows ${text('company:states.active')}; its menu now offers ${text('company:actions.deactivate')}`,
  'active false': `"Acme" shows ${text('company:states.deactivated')}; its menu now offers ${text('company:actions.activate')}`,
  'video true': `"Acme" shows ${text('company:states.videoOn')}; its menu now offers ${text('company:actions.videoOff')}`,
  'video false': `"Acme" shows ${text('company:states.videoOff')}; its menu now offers ${text('company:actions.videoOn')}`,
  'twoFactor true': `${text('company:twoFactor.require')} is on; ${text('company:twoFactor.sso')} can be switched`,
  'twoFactor false': `${text('company:twoFactor.require')} is off; ${text('company:twoFactor.sso')} is disabled`,
  'twoFactorSso true': `${text('company:twoFactor.sso')} is on`,
  'twoFactorSso false': `${text('company:twoFactor.sso')} is off`,
};
const STAYS = 'the row of "Acme" stays as it was';
const asked = (context: CompanySwitchContext) => `${context.request!.setting} ${context.request!.on}`;
const SUCCESS_KEY: Record<string, string> = {
  'active true': 'messages.companyActivated',
  'active false': 'messages.companyDeactivated',
  'video true': 'messages.videoActivated',
  'video false': 'messages.videoDeactivated',
  'twoFactor true': 'messages.twoFactorRequired',
  'twoFactor false': 'messages.twoFactorNotRequired',
  'twoFactorSso true': 'messages.twoFactorSsoRequired',
  'twoFactorSso false': 'messages.twoFactorSsoNotRequired',
};
const request = (setting: string, on: boolean) => ({
  to: 'switching',
  see: { busy: true },
  calls: [`change: ${JSON.stringify({ id: 4, setting, on })}`],
  screen: [DISABLED],
});

/**
 * Spec section 4, Company: active or deactivated, and video upload active or deactivated, independently; section 8,
 * the company activated / deactivated and video upload messages. One switch at a time, the hierarchy reloads after each.
 */
export default defineQa({
  machine: companySwitchMachine,
  file: 'src/machines/company/companySwitch.machine.ts',
  title: "A company's switches: active and video upload (the hierarchy screens)",
  namespace: 'company',
  req: { [DEACTIVATE]: ['S4.5-1'], [ACTIVATE]: ['S4.5-1'], [VIDEO_ON]: ['S4.5-1'], [VIDEO_OFF]: ['S4.5-1'] },
  actors: ['change'],
  recorded: ['notify', 'notifyRefusal', 'reload'],
  preconditions: {
    start: {
      route: `/organizations (or a company's page); the switches are in the row's menu ${MENU}; the sign-in switches on /company, under the company chosen in the table (${text('company:twoFactor.title', { name: 'Acme' })})`,
      user: 'admin (or a user whose group gives Company "Edit")',
      data: 'a company "Acme"; the menu offers Deactivate while it is active, Activate while not, and likewise for video upload',
    },
  },
  howTo: {
    [SWITCHED]: 'wait: the server answers the switch',
    [OFFLINE]: 'in the devtools Network tab, choose "Offline" before choosing the switch (a company deleted meanwhile in another tab answers the same: 404)',
  },
  offScreen: {
    [REFUSED]: 'the screen always sends a well-formed flag: the server refuses only a malformed body (400 validation_failed)',
    [DEACTIVATE]: { switching: 'the menus are disabled while the server answers' },
    [ACTIVATE]: { switching: 'the menus are disabled while the server answers' },
    [VIDEO_ON]: { switching: 'the menus are disabled while the server answers' },
    [VIDEO_OFF]: { switching: 'the menus are disabled while the server answers' },
    [TF_ON]: { switching: 'the switches are disabled while the server answers' },
    [TF_OFF]: { switching: 'the switches are disabled while the server answers' },
    [SSO_ON]: { switching: 'the switches are disabled while the server answers' },
    [SSO_OFF]: { switching: 'the switches are disabled while the server answers' },
  },
  onScreen: { reload: RELOADED },
  events: {
    [DEACTIVATE]: { type: 'switch.request', id: 4, setting: 'active', on: false },
    [ACTIVATE]: { type: 'switch.request', id: 4, setting: 'active', on: true },
    [VIDEO_ON]: { type: 'switch.request', id: 4, setting: 'video', on: true },
    [VIDEO_OFF]: { type: 'switch.request', id: 4, setting: 'video', on: false },
    [TF_ON]: { type: 'switch.request', id: 4, setting: 'twoFactor', on: true },
    [TF_OFF]: { type: 'switch.request', id: 4, setting: 'twoFactor', on: false },
    [SSO_ON]: { type: 'switch.request', id: 4, setting: 'twoFactorSso', on: true },
    [SSO_OFF]: { type: 'switch.request', id: 4, setting: 'twoFactorSso', on: false },
    [SWITCHED]: done('change', { ok: true }),
    [REFUSED]: done('change', { ok: false, code: 'validation_failed' }),
    [OFFLINE]: error('change', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
  },
  initial: { start: { to: 'idle', see: { busy: false, asking: null } } },
  expect: {
    idle: {
      [DEACTIVATE]: request('active', false),
      [ACTIVATE]: request('active', true),
      [VIDEO_ON]: request('video', true),
      [VIDEO_OFF]: request('video', false),
      [TF_ON]: { ...request('twoFactor', true), screen: ['the sign-in switches are disabled while the server answers'] },
      [TF_OFF]: { ...request('twoFactor', false), screen: ['the sign-in switches are disabled while the server answers'] },
      [SSO_ON]: { ...request('twoFactorSso', true), screen: ['the sign-in switches are disabled while the server answers'] },
      [SSO_OFF]: { ...request('twoFactorSso', false), screen: ['the sign-in switches are disabled while the server answers'] },
    },
    switching: {
      [SWITCHED]: (context: CompanySwitchContext) => ({
        to: 'idle',
        see: { busy: false, asking: null },
        calls: [`notify: ${JSON.stringify({ key: SUCCESS_KEY[asked(context)], intent: 'success' })}`, 'reload'],
        screen: [SHOWN[asked(context)]!],
      }),
      [REFUSED]: {
        to: 'idle',
        see: { busy: false, asking: null },
        calls: ['notifyRefusal: {"code":"validation_failed"}', 'reload'],
        screen: [`an error toast ${text('company:messages.saveError')}`, STAYS],
      },
      [OFFLINE]: { to: 'idle', see: { busy: false }, calls: ['notify: {"key":"messages.updateError","intent":"error"}', 'reload'], screen: [STAYS] },
    },
  },
  view: (snapshot) => ({
    busy: snapshot.hasTag('busy'),
    asking: snapshot.context.request ? `${snapshot.context.request.setting} ${snapshot.context.request.on}` : null,
  }),
});
