import { useCallback, useEffect, useState } from 'react';
import { Button, Field, MessageBar, MessageBarBody, Select, Subtitle2 } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { SUPPORTED_LANGUAGES, currentLanguage } from '../../i18n.ts';
import { selectHeldForTwoFactor, selectUser, selectUserStatus } from '../../machines/session.selectors.ts';
import { appPathOr } from '../app/lastVisited.ts';
import { useNavigate, useSearchParams } from '../app/router.tsx';
import { THEME_NAMES, isThemeName } from '../../machines/theme.names.ts';
import { selectTheme } from '../../machines/theme.selectors.ts';
import { SessionContext, ThemeContext } from '../app/actors.ts';
import { Loading } from '../common/Loading.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useChooseLanguage, usePreferences } from './PreferencesBridge.tsx';
import { ProfileForms } from './ProfileForms.tsx';
import { ApiTokensSection } from './ApiTokensSection.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';
import { useProfileStyles } from './Profile.styles.ts';

/** Language and theme: applied at once here, kept with the account by the preferences actor. */
function PreferencesSection() {
  const { t, i18n } = useTranslation(['profile', 'layout']);
  const styles = useProfileStyles();
  const theme = ThemeContext.useActorRef();
  const currentTheme = ThemeContext.useSelector(selectTheme);
  const preferences = usePreferences();
  const chooseLanguage = useChooseLanguage();
  const saving = useSelector(preferences ?? undefined, (s) => s?.hasTag('busy') ?? false);
  const failed = useSelector(preferences ?? undefined, (s) => s?.matches('failed') ?? false);
  return (
    <section className={styles.section} aria-labelledby="profile-preferences">
      <Subtitle2 as="h2" block id="profile-preferences">
        {t('preferences.title')}
      </Subtitle2>
      <div className={styles.row}>
        <Field className={styles.field} label={t('preferences.language')}>
          <Select value={currentLanguage(i18n.resolvedLanguage)} onChange={(_, data) => chooseLanguage(data.value)}>
            {SUPPORTED_LANGUAGES.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {t(`languages.${lng}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field className={styles.field} label={t('preferences.theme')}>
          <Select value={currentTheme} onChange={(_, data) => isThemeName(data.value) && theme.send({ type: 'theme.set', name: data.value })}>
            {THEME_NAMES.map((name) => (
              <option key={name} value={name}>
                {t(`layout:themes.${name}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <p className={failed ? styles.error : styles.note} role="status">
        {saving ? t('preferences.saving') : failed ? t('preferences.failed') : t('preferences.saved')}
      </p>
    </section>
  );
}

/**
 * /profile: own username and password (the current one required), language and theme kept with the account, two-factor
 * codes, API tokens. A user their company holds until they set up two-factor codes sees only that section, with why; once
 * they have saved their recovery codes they go on where they were going (`next`).
 */
export default function ProfileScreen() {
  const { t } = useTranslation(['profile', 'screens']);
  usePageTitle('screens:titles.profile');
  const styles = useProfileStyles();
  const session = SessionContext.useActorRef();
  const user = SessionContext.useSelector(selectUser);
  const held = SessionContext.useSelector(selectHeldForTwoFactor);
  const profileLoaded = SessionContext.useSelector((s) => selectUserStatus(s) === 'complete');
  const failed = SessionContext.useSelector((s) => s.matches({ signedIn: 'profileError' }));
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [goingOn, setGoingOn] = useState(false);
  const enrolled = useCallback(() => {
    setGoingOn(params.has('next'));
    session.send({ type: 'session.reloadProfile' });
  }, [session, params]);
  const reloadProfile = useCallback(() => session.send({ type: 'session.reloadProfile' }), [session]);
  // Once the profile read again lets them go, a user who was held goes on to the page they were going to.
  useEffect(() => {
    if (goingOn && profileLoaded && !held) navigate(appPathOr(params.get('next')), { replace: true });
  }, [goingOn, profileLoaded, held, navigate, params]);

  return (
    <section>
      <PageHeader title={t('screens:titles.profile')} />
      <p className={styles.intro}>{t('intro')}</p>
      {failed ? (
        <div className={styles.error} role="alert">
          <span>{t('loadFailed')}</span>
          <Button onClick={reloadProfile}>{t('retry')}</Button>
        </div>
      ) : !user ? (
        <Loading />
      ) : (
        <>
          {/* The two-factor section keeps its place (and its state: the recovery codes on screen) when the hold ends. */}
          <div className={styles.sections}>
            {held ? (
              <MessageBar intent="warning">
                <MessageBarBody>{t('twoFactor.required')}</MessageBarBody>
              </MessageBar>
            ) : (
              <>
                <ProfileForms userId={user.id} username={user.username} onRenamed={reloadProfile} />
                <PreferencesSection />
              </>
            )}
            <TwoFactorSection onEnrolled={enrolled} />
          </div>
          {held ? null : (
            <div className={styles.wide}>
              <ApiTokensSection />
            </div>
          )}
        </>
      )}
    </section>
  );
}
