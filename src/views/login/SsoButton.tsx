import { useSyncExternalStore } from 'react';
import { Button } from '@fluentui/react-components';
import { useTexts } from '../common/texts.ts';
import { lastVisitedPath } from '../app/lastVisited.ts';
import { currentSsoStatus, ssoStartUrl, subscribeSsoStatus } from '../../services/ssoStatus.ts';
import { useLoginStyles } from './LoginScreen.styles.ts';

/**
 * "Sign in with <name>" under the password form when the server has single sign-on (issue 40): a link to the server's
 * start, which sends the browser to the provider; back from it, the user lands where they were going. Nothing is shown
 * while the server is asked or when single sign-on is off.
 */
export function SsoButton() {
  const status = useSyncExternalStore(subscribeSsoStatus, currentSsoStatus);
  const { t } = useTexts(['login']);
  const styles = useLoginStyles();
  if (!status?.enabled) return null;
  return (
    <div className={styles.sso}>
      {/* Fluent's Divider drawn by the login styles: its module alone was ~1 KB of the first page's budget (issue 37). */}
      <div role="separator" aria-orientation="horizontal" className={styles.ssoDivider}>
        {t('sso.or')}
      </div>
      <Button as="a" href={ssoStartUrl(lastVisitedPath())} appearance="secondary" className={styles.submit}>
        {t('sso.button', { name: status.name })}
      </Button>
    </div>
  );
}
