import { useEffect } from 'react';
import { Button, MessageBar, MessageBarBody, Title3 } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import { ssoLandingMachine, type SsoFragment } from '../../machines/login/ssoLanding.machine.ts';
import { readSsoFragment } from '../../services/oidc.service.ts';
import { SSO_LANDING_PATH, ssoStartUrl } from '../../services/ssoStatus.ts';
import { Loading } from '../common/Loading.tsx';
import { useTexts } from '../common/texts.ts';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useLoginStyles } from './LoginScreen.styles.ts';

let taken: SsoFragment | null = null;
/**
 * The fragment the server's callback left (#code=... or #error=...), read once and wiped from the address bar and the
 * history at once, so the one-time code is never shown, bookmarked or sent again.
 */
function takeFragment(): SsoFragment {
  if (!taken) {
    taken = readSsoFragment(window.location.hash);
    window.history.replaceState(null, '', SSO_LANDING_PATH);
  }
  return taken;
}

/** The codes with a text of their own (login:sso.errors.<code>); anything else reads as "failed". */
const EXPLAINED = new Set(['no_access', 'state_invalid', 'provider_error', 'id_token_invalid', 'user_inactive', 'code_invalid']);

/**
 * /login/sso: where the provider's answer lands (issue 40). The one-time code is exchanged for the session's tokens
 * and the app opens where the user was going; a refusal is explained ("Your account has no access to Vitrine. Ask your
 * administrator."), with the way back to the sign-in page and, unless the account has no access, another try.
 */
export default function SsoLanding() {
  const { t } = useTexts(['login', 'common']);
  usePageTitle('login:sso.title');
  const styles = useLoginStyles();
  const landing = useActorRef(ssoLandingMachine);
  const status = useSelector(landing, selectFetchStatus);
  const error = useSelector(landing, selectError);
  const next = useSelector(landing, (snapshot) => snapshot.context.data);

  useEffect(() => {
    if (landing.getSnapshot().value === 'initial') landing.send({ type: 'fetch.load', params: takeFragment() });
  }, [landing]);
  useEffect(() => {
    // The app starts afresh on the page, with the session just stored (the shell loads it for a stored session).
    if (status === 'complete' && next) window.location.replace(next);
  }, [status, next]);

  if (status !== 'error') return <Loading fullPage />;
  const code = error && EXPLAINED.has(error) ? error : 'failed';
  return (
    <div className={styles.root}>
      <main className={styles.card}>
        <Title3 as="h1" block className={styles.heading}>
          {t('sso.refusedTitle')}
        </Title3>
        <MessageBar intent={code === 'no_access' ? 'warning' : 'error'}>
          <MessageBarBody>{t(`sso.errors.${code}`)}</MessageBarBody>
        </MessageBar>
        <div className={styles.ssoActions}>
          {code !== 'no_access' && (
            <Button as="a" appearance="primary" href={ssoStartUrl('/devices')}>
              {t('sso.retry')}
            </Button>
          )}
          <Button as="a" appearance={code === 'no_access' ? 'primary' : 'secondary'} href="/login">
            {t('sso.back')}
          </Button>
        </div>
      </main>
    </div>
  );
}
