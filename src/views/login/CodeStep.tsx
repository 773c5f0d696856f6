import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Caption1, Field, Input } from '@fluentui/react-components';
import { useTexts } from '../common/texts.ts';
import { BusyIcon } from '../common/Loading.tsx';
import { useLoginStyles } from './LoginScreen.styles.ts';
import { filled, loginDraft, type SecondFactorActions } from './loginActions.ts';

/**
 * The second step of a sign-in with two-factor codes: a code of the authenticator app, or (after "Use a recovery code")
 * one of the user's recovery codes. What was typed stays after a refusal; Enter submits, "Back" returns to the password.
 */
export default function CodeStep({ actions }: { actions: SecondFactorActions }) {
  const { t } = useTexts(['login', 'common']);
  const styles = useLoginStyles();
  const [code, setCode] = useState(loginDraft.code);
  const [recovery, setRecovery] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    codeRef.current?.focus();
  }, [recovery]);
  const change = (value: string) => {
    loginDraft.code = value;
    setCode(value);
  };
  const missing = attempted && !filled(code);
  const message = missing ? t('common:validation.required') : actions.error ? t(actions.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!filled(code)) return;
    actions.submit(code.trim());
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Caption1 block>{t(recovery ? 'code.recoveryHint' : 'code.hint')}</Caption1>
      <Field label={t(recovery ? 'code.recoveryLabel' : 'code.label')} validationState={message ? 'error' : 'none'} validationMessage={message}>
        <Input
          ref={codeRef}
          value={code}
          onChange={(_, data) => change(data.value)}
          name="code"
          autoComplete="one-time-code"
          inputMode={recovery ? 'text' : 'numeric'}
          required
        />
      </Field>
      <Button appearance="transparent" className={styles.switchCode} onClick={() => setRecovery((value) => !value)}>
        {t(recovery ? 'code.useApp' : 'code.useRecovery')}
      </Button>
      <Button type="submit" appearance="primary" className={styles.submit} disabled={actions.checking} icon={actions.checking ? <BusyIcon /> : undefined}>
        {t('code.submit')}
      </Button>
      <Button appearance="secondary" onClick={actions.cancel} disabled={actions.checking}>
        {t('code.back')}
      </Button>
    </form>
  );
}
