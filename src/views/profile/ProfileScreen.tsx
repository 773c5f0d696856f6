import { Button, Field, Select, Subtitle2 } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { SUPPORTED_LANGUAGES, currentLanguage } from '../../i18n.ts';
import { selectUser } from '../../machines/session.selectors.ts';
import { THEME_NAMES, isThemeName } from '../../machines/theme.names.ts';
import { selectTheme } from '../../machines/theme.selectors.ts';
import { SessionContext, ThemeContext } from '../app/actors.ts';
import { Loading } from '../common/Loading.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useChooseLanguage, usePreferences } from './PreferencesBridge.tsx';
import { ProfileForms } from './ProfileForms.tsx';
import { ApiTokensSection } from './ApiTokensSection.tsx';
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

/** /profile: own username and password (the current one required), language and theme kept with the account, API tokens. */
export default function ProfileScreen() {
  const { t } = useTranslation(['profile', 'screens']);
  usePageTitle('screens:titles.profile');
  const styles = useProfileStyles();
  const session = SessionContext.useActorRef();
  const user = SessionContext.useSelector(selectUser);
  const failed = SessionContext.useSelector((s) => s.matches({ signedIn: 'profileError' }));

  return (
    <section>
      <PageHeader title={t('screens:titles.profile')} />
      <p className={styles.intro}>{t('intro')}</p>
      {failed ? (
        <div className={styles.error} role="alert">
          <span>{t('loadFailed')}</span>
          <Button onClick={() => session.send({ type: 'session.reloadProfile' })}>{t('retry')}</Button>
        </div>
      ) : !user ? (
        <Loading />
      ) : (
        <>
          <div className={styles.sections}>
            <ProfileForms userId={user.id} username={user.username} onRenamed={() => session.send({ type: 'session.reloadProfile' })} />
            <PreferencesSection />
          </div>
          <div className={styles.wide}>
            <ApiTokensSection />
          </div>
        </>
      )}
    </section>
  );
}
