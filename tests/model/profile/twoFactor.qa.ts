import { twoFactorMachine } from '../../../src/machines/profile/twoFactor.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const LOADED_OFF = 'the server answers: codes are off';
const LOADED_ON = 'the server answers: codes are on, 10 recovery codes left';
const LOAD_FAILED = 'the network is down while the section loads';
const RETRY = 'press "Retry"';
const SET_UP = 'press "Set up"';
const KEY = 'the server answers a new key';
const KEY_FAILED = 'the network is down while asking for a key';
const TYPE_CODE = 'type the code 123 456';
const TYPE_SHORT = 'type 12345 (five digits)';
const TYPE_RECOVERY = 'type the recovery code abcde-fghjk';
const CONFIRM = 'press "Turn on"';
const CANCEL = 'press "Cancel"';
const ACCEPTED = 'the server accepts the code';
const WRONG = 'the server refuses the code (wrong or used)';
const TOO_MANY = 'the server refuses: too many attempts';
const SAVED = 'press "I have saved them"';
const TURN_OFF = 'press "Turn off"';
const CONFIRM_OFF = 'press "Turn off" in the confirmation';
const TURNED_OFF = 'the server turns the codes off';
const OFF_WRONG = 'the server refuses the code to turn off';
const OFF_FAILED = 'the network is down while turning off';

const OFF = { enabled: false, enabled_at: null, recovery_codes_left: 0, required: false };
const ON = { enabled: true, enabled_at: '2026-11-29T10:00:00.000Z', recovery_codes_left: 10, required: false };
const ENROLMENT = { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/Vitrine:anna?secret=JBSWY3DPEHPK3PXP&issuer=Vitrine' };
const CODES = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', '9abcd-efghj', 'kmnpq-rstuv', 'wxyz2-34567', '89abc-defgh', 'jkmnp-qrstu', 'vwxyz-23456', '789ab-cdefg'];
const refusal = (code: string) => ({ ok: false, code, fields: { code: 'invalid' } });

/** The rule of docs/api.md: an app's code is six digits (spaces and dashes left out); a recovery code ten letters and digits. */
const compact = (typed: string) => typed.replace(/[\s-]/g, '');
const appCode = (typed: string) => /^\d{6}$/.test(compact(typed));
const anyCode = (typed: string) => appCode(typed) || /^[a-zA-Z0-9]{10}$/.test(compact(typed));

const SECTION = `the section ${text('profile:twoFactor.title')} (${text('profile:twoFactor.intro')})`;
const OFF_WORDS = [`${SECTION} says ${text('profile:twoFactor.off')} with the button ${text('profile:twoFactor.setUp')}`];
const ON_WORDS = [`${SECTION} says ${text('profile:twoFactor.on', { date: '<the day and time they were turned on>' })} ${text('profile:twoFactor.recoveryLeft', { count: 10 })} with the button ${text('profile:twoFactor.turnOff')}`];
const ENROL_WORDS = [
  `${text('profile:twoFactor.scan')} above a QR code, ${text('profile:twoFactor.manual')} JBSWY3DPEHPK3PXP with ${text('profile:twoFactor.copyKey')}`,
  `the field ${text('profile:twoFactor.codeLabel')} (empty) and the buttons ${text('profile:twoFactor.confirm')} and ${text('profile:twoFactor.cancel')}`,
];
const DIALOG = `the confirmation ${text('profile:twoFactor.offTitle')} ${text('profile:twoFactor.offText')} with the field ${text('profile:twoFactor.offCode')}`;
const BUSY = 'the buttons are disabled while the server answers';
const typed = (value: string, where: string) => ({ see: { code: value, error: null }, screen: [`${where} shows ${value}; no message under it`] });

type Context = { code: string };

/** /profile's two-factor codes (issue 40): set up with a QR code and a first code, recovery codes shown once, turned off with a code. */
export default defineQa({
  machine: twoFactorMachine,
  file: 'src/machines/profile/twoFactor.machine.ts',
  title: "/profile's two-factor codes: set up, recovery codes, turn off",
  actors: ['load', 'enrol', 'confirm', 'disable'],
  recorded: ['enrolled', 'turnedOff'],
  namespace: 'profile',
  preconditions: {
    start: {
      route: '/profile',
      user: 'any signed-in user (signed in with a password), with an authenticator app on a phone',
      data: 'a user "anna" without two-factor codes; for the paths that turn them off, a user with them on',
    },
  },
  onScreen: {
    enrolled: 'the profile is read again: a user their organisation held goes on to the page they were going to',
    turnedOff: `a success toast ${text('profile:twoFactor.turnedOff')}`,
  },
  howTo: {
    [LOADED_OFF]: 'open /profile as a user without two-factor codes',
    [LOADED_ON]: 'open /profile as a user with two-factor codes on',
    [LOAD_FAILED]: 'in the devtools Network tab, block the request URL /api/v1/profile/two-factor/ and reload /profile',
    [KEY]: 'wait: the server answers POST /api/v1/profile/two-factor/enrol/',
    [KEY_FAILED]: 'in the devtools Network tab, block the request URL /api/v1/profile/two-factor/enrol/ before pressing "Set up"',
    [ACCEPTED]: 'type the code the authenticator app shows after scanning the QR code',
    [WRONG]: 'type a code of six digits the app does not show (or the one just used)',
    [TOO_MANY]: 'type a wrong code ten times in a row (LOGIN_RATE_LIMIT)',
    [TURNED_OFF]: 'type the code the app shows now, or an unused recovery code',
    [OFF_WRONG]: 'type six digits the app does not show, or a recovery code already used',
    [OFF_FAILED]: 'in the devtools Network tab, block the request URL /api/v1/profile/two-factor/disable/ before confirming',
  },
  offScreen: {
    [RETRY]: { loading: 'no "Retry" is shown while the section loads', off: 'no "Retry" is shown once the section has loaded', on: 'no "Retry" is shown once the section has loaded', starting: BUSY, enrolling: 'no "Retry" is shown once the section has loaded', confirming: BUSY, showingCodes: 'no "Retry" is shown once the section has loaded', confirmingOff: 'no "Retry" is shown once the section has loaded', turningOff: BUSY },
    [SET_UP]: { loading: 'the section shows a spinner until it has loaded', loadFailed: 'a section that failed to load shows only "Retry"', starting: BUSY, enrolling: 'the set-up is shown already', confirming: BUSY, showingCodes: 'the recovery codes are shown instead', on: 'codes that are on offer "Turn off", not "Set up"', confirmingOff: 'the confirmation covers the page', turningOff: BUSY },
    [TYPE_CODE]: { loading: 'no code field is shown', loadFailed: 'no code field is shown', off: 'no code field is shown', starting: BUSY, confirming: BUSY, showingCodes: 'no code field is shown', on: 'no code field is shown', turningOff: BUSY },
    [TYPE_SHORT]: { loading: 'no code field is shown', loadFailed: 'no code field is shown', off: 'no code field is shown', starting: BUSY, confirming: BUSY, showingCodes: 'no code field is shown', on: 'no code field is shown', turningOff: BUSY },
    [TYPE_RECOVERY]: { loading: 'no code field is shown', loadFailed: 'no code field is shown', off: 'no code field is shown', starting: BUSY, confirming: BUSY, showingCodes: 'no code field is shown', on: 'no code field is shown', turningOff: BUSY },
    [CONFIRM]: { loading: 'shown only during the set-up', loadFailed: 'shown only during the set-up', off: 'shown only during the set-up', starting: BUSY, confirming: BUSY, showingCodes: 'shown only during the set-up', on: 'shown only during the set-up', confirmingOff: 'the confirmation covers the page', turningOff: BUSY },
    [CANCEL]: { loading: 'shown only during the set-up or the confirmation', loadFailed: 'shown only during the set-up or the confirmation', off: 'shown only during the set-up or the confirmation', starting: BUSY, confirming: BUSY, showingCodes: 'the recovery codes offer only "I have saved them"', on: 'shown only during the set-up or the confirmation', turningOff: BUSY },
    [SAVED]: 'shown only with the recovery codes',
    [TURN_OFF]: { loading: 'shown only when the codes are on', loadFailed: 'shown only when the codes are on', off: 'shown only when the codes are on', starting: BUSY, enrolling: 'shown only when the codes are on', confirming: BUSY, showingCodes: 'shown only when the codes are on', confirmingOff: 'the confirmation covers the page', turningOff: BUSY },
    [CONFIRM_OFF]: { loading: 'shown only in the confirmation', loadFailed: 'shown only in the confirmation', off: 'shown only in the confirmation', starting: BUSY, enrolling: 'shown only in the confirmation', confirming: BUSY, showingCodes: 'shown only in the confirmation', on: 'shown only in the confirmation', turningOff: BUSY },
  },
  events: {
    [LOADED_OFF]: done('load', OFF),
    [LOADED_ON]: done('load', ON),
    [LOAD_FAILED]: error('load', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [RETRY]: { type: 'twoFactor.load' },
    [SET_UP]: { type: 'twoFactor.setUp' },
    [KEY]: done('enrol', ENROLMENT),
    [KEY_FAILED]: error('enrol', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [TYPE_CODE]: { type: 'code.change', code: '123 456' },
    [TYPE_SHORT]: { type: 'code.change', code: '12345' },
    [TYPE_RECOVERY]: { type: 'code.change', code: 'abcde-fghjk' },
    [CONFIRM]: { type: 'twoFactor.confirm' },
    [CANCEL]: { type: 'twoFactor.cancel' },
    [ACCEPTED]: done('confirm', { ok: true, value: { recovery_codes: CODES } }),
    [WRONG]: done('confirm', refusal('invalid_code')),
    [TOO_MANY]: error('confirm', new ApiRequestError({ status: 429, code: 'rate_limited', detail: '' })),
    [SAVED]: { type: 'codes.saved' },
    [TURN_OFF]: { type: 'twoFactor.turnOff' },
    [CONFIRM_OFF]: { type: 'twoFactor.confirmOff' },
    [TURNED_OFF]: done('disable', { ok: true, value: OFF }),
    [OFF_WRONG]: done('disable', refusal('invalid_code')),
    [OFF_FAILED]: error('disable', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
  },
  initial: { start: { to: 'loading', see: { loading: true }, calls: ['load'], screen: [`the spinner ${text('common:loading')} under ${text('profile:twoFactor.title')}`] } },
  expect: {
    loading: {
      [LOADED_OFF]: { to: 'off', see: { loading: false, enabled: false }, screen: OFF_WORDS },
      [LOADED_ON]: { to: 'on', see: { loading: false, enabled: true }, screen: ON_WORDS },
      [LOAD_FAILED]: { to: 'loadFailed', see: { error: 'network_error' }, screen: [`${text('profile:twoFactor.loadError')} ${text('profile:twoFactor.errors.network_error')} with ${text('profile:retry')}`] },
    },
    loadFailed: {
      [RETRY]: { to: 'loading', see: { loading: true }, calls: ['load'], screen: [`the spinner ${text('common:loading')}`] },
    },
    off: {
      [SET_UP]: { to: 'starting', see: { busy: true }, calls: ['enrol'], screen: [`${text('profile:twoFactor.setUp')} is disabled while the key is made`] },
    },
    starting: {
      [KEY]: { to: 'enrolling', see: { busy: false, enrolling: true, code: '' }, screen: ENROL_WORDS },
      [KEY_FAILED]: { to: 'off', see: { busy: false, error: 'network_error' }, screen: [`${text('profile:twoFactor.errors.network_error')} beside ${text('profile:twoFactor.setUp')}`] },
    },
    enrolling: {
      [TYPE_CODE]: { to: 'enrolling', ...typed('123 456', text('profile:twoFactor.codeLabel')) },
      [TYPE_SHORT]: { to: 'enrolling', ...typed('12345', text('profile:twoFactor.codeLabel')) },
      [TYPE_RECOVERY]: { to: 'enrolling', ...typed('abcde-fghjk', text('profile:twoFactor.codeLabel')) },
      [CONFIRM]: (context: Context) =>
        appCode(context.code)
          ? { to: 'confirming', see: { busy: true }, calls: [`confirm: {"code":"${context.code}"}`], screen: [BUSY] }
          : { to: 'enrolling', see: { error: 'code_format', code: context.code }, screen: [`under ${text('profile:twoFactor.codeLabel')}: ${text('profile:twoFactor.errors.code_format')}; what was typed stays`] },
      [CANCEL]: { to: 'off', see: { enrolling: false, code: '' }, screen: OFF_WORDS },
    },
    confirming: {
      [ACCEPTED]: {
        to: 'showingCodes',
        see: { busy: false, codes: 10, enrolling: false },
        screen: [
          `${text('profile:twoFactor.codes.title')}: ${text('profile:twoFactor.codes.body')}`,
          `the ten codes abcde-fghjk ... 789ab-cdefg with ${text('profile:twoFactor.codes.copy')}, ${text('profile:twoFactor.codes.download')} and ${text('profile:twoFactor.codes.saved')}`,
        ],
      },
      [WRONG]: (context: Context) => ({ to: 'enrolling', see: { busy: false, error: 'invalid_code', code: context.code }, screen: [`under ${text('profile:twoFactor.codeLabel')}: ${text('profile:twoFactor.errors.invalid_code')}; what was typed stays`] }),
      [TOO_MANY]: (context: Context) => ({ to: 'enrolling', see: { busy: false, error: 'rate_limited', code: context.code }, screen: [`under ${text('profile:twoFactor.codeLabel')}: ${text('profile:twoFactor.errors.rate_limited')}`] }),
    },
    showingCodes: {
      [SAVED]: { to: 'loading', see: { codes: 0, loading: true }, calls: ['load', 'enrolled'], screen: ['the recovery codes are gone; the section loads again'] },
    },
    on: {
      [TURN_OFF]: { to: 'confirmingOff', see: { code: '', error: null }, screen: [DIALOG, `the buttons ${text('common:actions.cancel')} and ${text('profile:twoFactor.offConfirm')}`] },
    },
    confirmingOff: {
      [TYPE_CODE]: { to: 'confirmingOff', ...typed('123 456', text('profile:twoFactor.offCode')) },
      [TYPE_SHORT]: { to: 'confirmingOff', ...typed('12345', text('profile:twoFactor.offCode')) },
      [TYPE_RECOVERY]: { to: 'confirmingOff', ...typed('abcde-fghjk', text('profile:twoFactor.offCode')) },
      [CONFIRM_OFF]: (context: Context) =>
        anyCode(context.code)
          ? { to: 'turningOff', see: { busy: true }, calls: [`disable: {"code":"${context.code}"}`], screen: [`${text('profile:twoFactor.offConfirm')} shows a spinner; both buttons are disabled`] }
          : { to: 'confirmingOff', see: { error: 'code_format' }, screen: [`under ${text('profile:twoFactor.offCode')}: ${text('profile:twoFactor.errors.code_format_off')}`] },
      [CANCEL]: { to: 'on', see: { code: '' }, screen: ['the confirmation closes', ...ON_WORDS] },
    },
    turningOff: {
      [TURNED_OFF]: { to: 'off', see: { busy: false, enabled: false, code: '' }, calls: ['turnedOff'], screen: ['the confirmation closes', ...OFF_WORDS] },
      [OFF_WRONG]: (context: Context) => ({ to: 'confirmingOff', see: { busy: false, error: 'invalid_code', code: context.code }, screen: [`under ${text('profile:twoFactor.offCode')}: ${text('profile:twoFactor.errors.invalid_code')}; what was typed stays`] }),
      [OFF_FAILED]: { to: 'confirmingOff', see: { busy: false, error: 'network_error' }, screen: [`under ${text('profile:twoFactor.offCode')}: ${text('profile:twoFactor.errors.network_error')}`] },
    },
  },
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    busy: snapshot.hasTag('busy'),
    enabled: snapshot.context.status?.enabled ?? null,
    enrolling: snapshot.context.enrolment !== null,
    codes: snapshot.context.recoveryCodes?.length ?? 0,
    code: snapshot.context.code,
    error: snapshot.context.error,
  }),
  invariant: (snapshot) => {
    // The recovery codes are held only while they are shown; the key only while it is set up.
    if (snapshot.context.recoveryCodes && !snapshot.matches('showingCodes')) throw new Error('recovery codes kept after they were shown');
    if (snapshot.context.enrolment && !(snapshot.matches('enrolling') || snapshot.matches('confirming'))) throw new Error('an enrolment kept outside the set-up');
  },
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.status?.enabled ?? null, snapshot.context.enrolment !== null, snapshot.context.recoveryCodes?.length ?? 0, snapshot.context.code, snapshot.context.error]),
});
