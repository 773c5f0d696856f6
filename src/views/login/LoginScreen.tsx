import { lazy, Suspense, useEffect, useRef, useState, type CSSProperties, type FormEvent } from 'react';
import { Button, Caption1, Checkbox, Field, Input, Title3 } from '@fluentui/react-components';
import { EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { useTexts } from '../common/texts.ts';
import { BRAND } from '../../services/config.ts';
import { BusyIcon, Loading } from '../common/Loading.tsx';
import { withChunkTimeout } from '../common/lazyScreen.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { BACKGROUND_IMAGE_VARIABLE, useLoginStyles } from './LoginScreen.styles.ts';
import { filled, loginDraft, useLoginActions } from './loginActions.ts';
import { SsoButton } from './SsoButton.tsx';

const logoUrl = new URL('../../assets/logo.svg', import.meta.url).href;
const backgroundUrl = new URL('../../assets/login-background.svg', import.meta.url).href;
/**
 * The second step of a sign-in with two-factor codes, a chunk of its own loaded when a challenge comes (issue 37): only
 * the full app's session asks it, and the first page stays within its budget.
 */
const CodeStep = lazy(() => withChunkTimeout(import('./CodeStep.tsx')));
// A custom property set through the CSSOM, which the Content-Security-Policy allows (no inline style attribute).
const rootStyle = { [BACKGROUND_IMAGE_VARIABLE]: `url("${backgroundUrl}")` } as CSSProperties;

/** The sign-in card: username, password (with show/hide), remember me; signs in through useLoginActions(). */
export default function LoginScreen() {
  const { t } = useTexts(['login', 'common']);
  const styles = useLoginStyles();
  usePageTitle('login:title');
  const { signingIn, signIn, secondFactor, notice } = useLoginActions();

  const [username, setUsername] = useState(loginDraft.username);
  const [password, setPassword] = useState(loginDraft.password);
  const [remember, setRemember] = useState(loginDraft.remember);
  // The cursor starts in the first field to fill. When the shell has handed over to the app, the username is
  // already there and the password field gets it, so that a refused sign-in can be retried from the keyboard.
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    (loginDraft.username ? passwordRef : usernameRef).current?.focus();
  }, []);

  const changeUsername = (value: string) => {
    loginDraft.username = value;
    setUsername(value);
  };
  const changePassword = (value: string) => {
    loginDraft.password = value;
    setPassword(value);
  };
  const changeRemember = (value: boolean) => {
    loginDraft.remember = value;
    setRemember(value);
  };
  const [passwordVisible, setPasswordVisible] = useState(false);
  const [attempted, setAttempted] = useState(false);

  const usernameMissing = attempted && !filled(username);
  const passwordMissing = attempted && !filled(password);
  const required = t('common:validation.required');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (!filled(username) || !filled(password)) return;
    signIn({ username, password, remember });
  };

  return (
    <div className={styles.root} style={rootStyle}>
      <main className={styles.card}>
        <div className={styles.header}>
          <img src={logoUrl} alt={t('logoAlt')} className={styles.logo} />
          <Title3 as="h1" block className={styles.heading}>
            {t('heading')}
          </Title3>
        </div>
        {secondFactor?.asked ? (
          <Suspense fallback={<Loading />}>
            <CodeStep actions={secondFactor} />
          </Suspense>
        ) : (
        <form className={styles.form} onSubmit={submit} noValidate>
          {notice ? (
            <Caption1 role="alert" className={styles.notice}>
              {t(notice)}
            </Caption1>
          ) : null}
          {/* `required` on the inputs, not the Field: a label asterisk would make the names "Username*"/"Password*". */}
          <Field
            label={t('username')}
            validationState={usernameMissing ? 'error' : 'none'}
            validationMessage={usernameMissing ? required : undefined}
          >
            <Input ref={usernameRef} value={username} onChange={(_, data) => changeUsername(data.value)} autoComplete="username" name="username" required />
          </Field>
          <Field
            label={t('password')}
            validationState={passwordMissing ? 'error' : 'none'}
            validationMessage={passwordMissing ? required : undefined}
          >
            <Input
              ref={passwordRef}
              type={passwordVisible ? 'text' : 'password'}
              value={password}
              onChange={(_, data) => changePassword(data.value)}
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
          <Checkbox label={t('remember')} checked={remember} onChange={(_, data) => changeRemember(data.checked === true)} />
          <Button
            type="submit"
            appearance="primary"
            className={styles.submit}
            disabled={signingIn}
            icon={signingIn ? <BusyIcon /> : undefined}
          >
            {t('submit')}
          </Button>
        </form>
        )}
        {secondFactor?.asked ? null : <SsoButton />}
      </main>
      <footer className={styles.footer}>
        <Caption1>{t('footer', { brand: BRAND, year: new Date().getFullYear() })}</Caption1>
      </footer>
    </div>
  );
}
