import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Field, Input, Spinner, Title3 } from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { requiredString } from '../../services/schemas/common.ts';
import { SessionContext } from '../app/actors.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useLoginStyles } from './LoginScreen.styles.ts';

const logoUrl = new URL('../../assets/logo.svg', import.meta.url).href;

/** The sign-in card: username, password (with show/hide), remember me; sends `session.signIn`. */
export default function LoginScreen() {
  const { t } = useTranslation(['login', 'common']);
  const styles = useLoginStyles();
  usePageTitle('login:title');
  const session = SessionContext.useActorRef();
  const signingIn = SessionContext.useSelector((s) => s.matches('signingIn'));

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [attempted, setAttempted] = useState(false);

  const usernameMissing = attempted && !requiredString.is(username);
  const passwordMissing = attempted && !requiredString.is(password);
  const required = t('common:validation.required');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!requiredString.is(username) || !requiredString.is(password)) return;
    session.send({ type: 'session.signIn', username, password, remember });
  };

  return (
    <div className={styles.root}>
      <main className={styles.card}>
        <div className={styles.header}>
          <img src={logoUrl} alt={t('logoAlt')} className={styles.logo} />
          <Title3 as="h1" className={styles.heading}>
            {t('heading')}
          </Title3>
        </div>
        <form className={styles.form} onSubmit={submit} noValidate>
          {/* `required` on the inputs, not the Field: a label asterisk would make the names "Username*"/"Password*". */}
          <Field
            label={t('username')}
            validationState={usernameMissing ? 'error' : 'none'}
            validationMessage={usernameMissing ? required : undefined}
          >
            <Input value={username} onChange={(_, data) => setUsername(data.value)} autoComplete="username" name="username" required />
          </Field>
          <Field
            label={t('password')}
            validationState={passwordMissing ? 'error' : 'none'}
            validationMessage={passwordMissing ? required : undefined}
          >
            <Input
              type={passwordVisible ? 'text' : 'password'}
              value={password}
              onChange={(_, data) => setPassword(data.value)}
              autoComplete="current-password"
              name="password"
              required
              contentAfter={
                <Button
                  appearance="transparent"
                  size="small"
                  icon={passwordVisible ? <EyeOffRegular /> : <EyeRegular />}
                  aria-label={passwordVisible ? t('hidePassword') : t('showPassword')}
                  onClick={() => setPasswordVisible((visible) => !visible)}
                />
              }
            />
          </Field>
          <Checkbox label={t('remember')} checked={remember} onChange={(_, data) => setRemember(data.checked === true)} />
          <Button
            type="submit"
            appearance="primary"
            className={styles.submit}
            disabled={signingIn}
            icon={signingIn ? <Spinner size="tiny" aria-hidden /> : undefined}
          >
            {t('submit')}
          </Button>
        </form>
      </main>
    </div>
  );
}
