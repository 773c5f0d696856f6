import { Select } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { SUPPORTED_LANGUAGES, currentLanguage } from '../../i18n.ts';
import { useChooseLanguage } from '../profile/PreferencesBridge.tsx';

/** "Eng" / "Рус": switches the app's language (the language detector keeps it in localStorage) and keeps it with the account. */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('layout');
  const chooseLanguage = useChooseLanguage();
  return (
    <Select
      className={className}
      size="small"
      aria-label={t('language')}
      value={currentLanguage(i18n.resolvedLanguage)}
      onChange={(_, data) => chooseLanguage(data.value)}
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <option key={lng} value={lng} lang={lng}>
          {t(`languages.${lng}`)}
        </option>
      ))}
    </Select>
  );
}
