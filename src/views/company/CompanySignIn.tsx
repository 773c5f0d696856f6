import { Subtitle2, Switch, Text } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import type { Company } from '../../services/schemas/company.ts';
import { useCompanyStyles } from './Company.styles.ts';

/**
 * The selected company's sign-in settings (issue 40): "Require two-factor codes" holds its users without codes to
 * enrolment; "Also for single sign-on" holds single sign-on sessions too (by default the provider's own check is trusted).
 */
export function CompanySignIn({ company, canEdit, busy, onToggle }: { company: Company; canEdit: boolean; busy: boolean; onToggle: (setting: 'twoFactor' | 'twoFactorSso', on: boolean) => void }) {
  const { t } = useTranslation('company');
  const styles = useCompanyStyles();
  const required = company.require_two_factor === true;
  return (
    <section className={styles.info} aria-labelledby="company-sign-in-title">
      <Subtitle2 as="h2" block id="company-sign-in-title" className={styles.name}>
        {t('twoFactor.title', { name: company.name })}
      </Subtitle2>
      <Switch label={t('twoFactor.require')} checked={required} disabled={!canEdit || busy} onChange={(_, data) => onToggle('twoFactor', data.checked)} />
      <Text className={styles.muted}>{t('twoFactor.requireHint')}</Text>
      <Switch
        label={t('twoFactor.sso')}
        checked={company.require_two_factor_sso === true}
        disabled={!canEdit || busy || !required}
        onChange={(_, data) => onToggle('twoFactorSso', data.checked)}
      />
      <Text className={styles.muted}>{t('twoFactor.ssoHint')}</Text>
    </section>
  );
}
