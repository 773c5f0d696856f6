import { useState } from 'react';
import { Button, Field, Input, Subtitle2 } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { EMPTY_PASSWORD_FIELDS, passwordFormMachine } from '../../machines/profile/passwordForm.machine.ts';
import { usernameFormMachine } from '../../machines/profile/usernameForm.machine.ts';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { useNotify } from '../common/notify.tsx';
import { useProfileStyles } from './Profile.styles.ts';

type SavedProps = { userId: number; onSaved: () => void };

/** A refusal no field shows, or a failure, as one line. */
function useFailure(error: string | null, errors: Record<string, string>) {
  const { t } = useTranslation(['profile', 'common']);
  if (!error || Object.keys(errors).length > 0) return null;
  return t(`profile:errors.${error}`, { defaultValue: t(`common:${errorMessageKey(error)}`) });
}

function UsernameForm({ userId, username, onSaved }: SavedProps & { username: string }) {
  const { t } = useTranslation('profile');
  const styles = useProfileStyles();
  const form = useFormActor(usernameFormMachine, { input: { id: userId, fields: { username } }, onSaved, onClose: () => {} });
  const { fields, errors, error, busy, change } = useFormState(form);
  const failure = useFailure(error, errors);
  return (
    <form className={styles.section} onSubmit={(event) => (event.preventDefault(), form.send({ type: 'form.save' }))}>
      <Subtitle2 as="h2" block>{t('account.title')}</Subtitle2>
      <div className={styles.row}>
        <Field className={styles.field} label={t('account.username')} {...fieldValidation(errors, 'username', (code) => t(`errors.${code}`))}>
          <Input value={fields.username} autoComplete="username" onChange={(_, data) => change('username', data.value)} />
        </Field>
        <Button type="submit" appearance="primary" disabled={busy || fields.username.trim() === username}>
          {t('account.save')}
        </Button>
      </div>
      {failure ? <p className={styles.error} role="alert">{failure}</p> : null}
    </form>
  );
}

function PasswordForm({ userId, onSaved }: SavedProps) {
  const { t } = useTranslation('profile');
  const styles = useProfileStyles();
  const form = useFormActor(passwordFormMachine, { input: { id: userId, fields: EMPTY_PASSWORD_FIELDS }, onSaved, onClose: () => {} });
  const { fields, errors, error, busy, change } = useFormState(form);
  const failure = useFailure(error, errors);
  const message = (code: string) => t(`errors.${code}`);
  return (
    <form className={styles.section} onSubmit={(event) => (event.preventDefault(), form.send({ type: 'form.save' }))}>
      <Subtitle2 as="h2" block>{t('password.title')}</Subtitle2>
      <Field label={t('password.current')} {...fieldValidation(errors, 'current_password', message)}>
        <Input type="password" autoComplete="current-password" value={fields.current_password} onChange={(_, data) => change('current_password', data.value)} />
      </Field>
      <Field label={t('password.new')} hint={t('password.hint')} {...fieldValidation(errors, 'password', message)}>
        <Input type="password" autoComplete="new-password" value={fields.password} onChange={(_, data) => change('password', data.value)} />
      </Field>
      <Field label={t('password.confirm')} {...fieldValidation(errors, 'confirm', message)}>
        <Input type="password" autoComplete="new-password" value={fields.confirm} onChange={(_, data) => change('confirm', data.value)} />
      </Field>
      <div className={styles.row}>
        <Button type="submit" appearance="primary" disabled={busy}>
          {t('password.save')}
        </Button>
      </div>
      {failure ? <p className={styles.error} role="alert">{failure}</p> : null}
    </form>
  );
}

/** Own username and password; each form starts afresh after a save (what was typed stays after a refusal). */
export function ProfileForms({ userId, username, onRenamed }: { userId: number; username: string; onRenamed: () => void }) {
  const { t } = useTranslation('profile');
  const notify = useNotify();
  const [round, setRound] = useState({ username: 0, password: 0 });
  return (
    <>
      <UsernameForm
        key={`u${round.username}`}
        userId={userId}
        username={username}
        onSaved={() => {
          notify(t('account.saved'), 'success');
          setRound((r) => ({ ...r, username: r.username + 1 }));
          onRenamed();
        }}
      />
      <PasswordForm
        key={`p${round.password}`}
        userId={userId}
        onSaved={() => {
          notify(t('password.saved'), 'success');
          setRound((r) => ({ ...r, password: r.password + 1 }));
        }}
      />
    </>
  );
}
