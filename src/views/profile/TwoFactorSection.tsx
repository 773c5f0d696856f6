import { useMemo, useRef, useState } from 'react';
import { Button, Field, Input, Subtitle2 } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { twoFactorMachine, type TwoFactorActor } from '../../machines/profile/twoFactor.machine.ts';
import { formatDateTime } from '../common/dateTime.ts';
import { lazyPart } from '../common/lazyPart.tsx';
import { Loading } from '../common/Loading.tsx';
import { useNotify } from '../common/notify.tsx';
import { useProfileStyles } from './Profile.styles.ts';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { TwoFactorQr } from './TwoFactorQr.tsx';

const TwoFactorOffDialog = lazyPart<{ actor: TwoFactorActor }>(() => import('./TwoFactorOffDialog.tsx').then((m) => ({ default: m.TwoFactorOffDialog })));

const KNOWN_ERRORS = ['code_format', 'invalid_code', 'rate_limited', 'network_error', 'not_enrolling', 'two_factor_enabled', 'two_factor_not_enabled'];

/** The words of a refusal or failure of the two-factor flow. */
export function useTwoFactorError(): (code: string | null, off?: boolean) => string | undefined {
  const { t } = useTranslation('profile');
  return (code, off = false) => (code === null ? undefined : t(`twoFactor.errors.${code === 'code_format' && off ? 'code_format_off' : KNOWN_ERRORS.includes(code) ? code : 'generic'}`));
}

/** The enrolment under way: the QR code, the key to type by hand, and the first code that turns the codes on. */
function Enrolment({ actor }: { actor: TwoFactorActor }) {
  const { t } = useTranslation('profile');
  const styles = useProfileStyles();
  const enrolment = useSelector(actor, (s) => s.context.enrolment);
  const code = useSelector(actor, (s) => s.context.code);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const [copied, setCopied] = useState(false);
  const message = useTwoFactorError();
  if (!enrolment) return null;
  const confirm = () => actor.send({ type: 'twoFactor.confirm' });
  return (
    <div className={styles.section}>
      <p>{t('twoFactor.scan')}</p>
      <TwoFactorQr value={enrolment.otpauth_uri} label={t('twoFactor.qrLabel')} />
      <p className={styles.note}>
        {t('twoFactor.manual')} <code className={styles.secret}>{enrolment.secret}</code>
      </p>
      <div className={styles.actions}>
        <Button size="small" onClick={() => void navigator.clipboard?.writeText(enrolment.secret).then(() => setCopied(true), () => undefined)}>
          {copied ? t('twoFactor.copied') : t('twoFactor.copyKey')}
        </Button>
      </div>
      <form
        className={styles.row}
        onSubmit={(event) => {
          event.preventDefault();
          confirm();
        }}
      >
        <Field className={styles.field} label={t('twoFactor.codeLabel')} hint={t('twoFactor.codeHint')} validationState={error ? 'error' : 'none'} validationMessage={message(error)}>
          <Input value={code} inputMode="numeric" autoComplete="one-time-code" maxLength={12} disabled={busy} onChange={(_, data) => actor.send({ type: 'code.change', code: data.value })} />
        </Field>
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" disabled={busy}>
            {t('twoFactor.confirm')}
          </Button>
          <Button disabled={busy} onClick={() => actor.send({ type: 'twoFactor.cancel' })}>
            {t('twoFactor.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/**
 * /profile's two-factor codes (issue 40): on or off, "Set up" (QR code, key, first code), the recovery codes shown once,
 * "Turn off" behind a confirmation asking for a code. `onEnrolled` runs when the user has saved their recovery codes.
 */
export function TwoFactorSection({ onEnrolled }: { onEnrolled: () => void }) {
  const { t, i18n } = useTranslation('profile');
  const styles = useProfileStyles();
  const notify = useNotify();
  // The actor keeps the logic it started with: the callback is read through a ref, so the latest one runs.
  const enrolled = useRef(onEnrolled);
  enrolled.current = onEnrolled;
  const logic = useMemo(
    () => twoFactorMachine.provide({ actions: { enrolled: () => enrolled.current(), turnedOff: () => notify(i18n.t('profile:twoFactor.turnedOff'), 'success') } }),
    [notify, i18n],
  );
  const actor = useActorRef(logic);
  const mode = useSelector(actor, (s) => (s.hasTag('loading') ? 'loading' : String(s.value)));
  const status = useSelector(actor, (s) => s.context.status);
  const error = useSelector(actor, (s) => s.context.error);
  const codes = useSelector(actor, (s) => s.context.recoveryCodes);
  const message = useTwoFactorError();
  const on = mode === 'on' || mode === 'confirmingOff' || mode === 'turningOff';

  return (
    <section className={styles.section} aria-labelledby="profile-two-factor">
      <Subtitle2 as="h2" block id="profile-two-factor">
        {t('twoFactor.title')}
      </Subtitle2>
      <p className={styles.note}>{t('twoFactor.intro')}</p>
      {mode === 'loading' ? (
        <Loading />
      ) : mode === 'loadFailed' ? (
        <div role="alert" className={styles.error}>
          <span>{`${t('twoFactor.loadError')} ${message(error)}`}</span>
          <Button onClick={() => actor.send({ type: 'twoFactor.load' })}>{t('retry')}</Button>
        </div>
      ) : codes ? (
        <RecoveryCodes codes={codes} onSaved={() => actor.send({ type: 'codes.saved' })} />
      ) : mode === 'enrolling' || mode === 'confirming' ? (
        <Enrolment actor={actor} />
      ) : on ? (
        <div className={styles.row}>
          <p className={styles.field} role="status">
            {t('twoFactor.on', { date: formatDateTime(status?.enabled_at, i18n.language, '') })} {t('twoFactor.recoveryLeft', { count: status?.recovery_codes_left ?? 0 })}
          </p>
          <Button onClick={() => actor.send({ type: 'twoFactor.turnOff' })}>{t('twoFactor.turnOff')}</Button>
        </div>
      ) : (
        <div className={styles.row}>
          <p className={styles.field} role="status">
            {t('twoFactor.off')}
          </p>
          <Button appearance="primary" disabled={mode === 'starting'} onClick={() => actor.send({ type: 'twoFactor.setUp' })}>
            {t('twoFactor.setUp')}
          </Button>
          {error ? (
            <p role="alert" className={styles.error}>
              {message(error)}
            </p>
          ) : null}
        </div>
      )}
      {mode === 'confirmingOff' || mode === 'turningOff' ? <TwoFactorOffDialog actor={actor} /> : null}
    </section>
  );
}
