import { Select } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, currentLanguage } from '../../i18n.ts';

/** "Eng" / "Рус": switches i18next's language, which the language detector keeps in localStorage. */
export function LanguagePicker({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('layout');
  return (
    <Select
      className={className}
      size="small"
      aria-label={t('language')}
      value={currentLanguage(i18n.resolvedLanguage)}
      onChange={(_, data) => void i18n.changeLanguage(data.value)}
    >
      {SUPPORTED_LANGUAGES.map((lng) => (
        <option key={lng} value={lng} lang={lng}>
          {t(`languages.${lng}`)}
        </option>
      ))}
    </Select>
  );
}
