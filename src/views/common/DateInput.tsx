import { useEffect, useState } from 'react';
import { Input, type InputProps } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { currentLanguage } from '../../i18n.ts';
import { datePattern, formatDateText, parseDateText } from './dateText.ts';

export interface DateInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  /** An ISO date ("2026-03-01"), '' for none, or an unfinished entry as typed. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A calendar date typed and shown in the interface language ("01.03.2026", placeholder "ДД.ММ.ГГГГ" in Russian)
 * instead of the browser's date input, whose "mm/dd/yyyy" follows the browser, not the app. Hands ISO dates on.
 */
export function DateInput({ value, onChange, ...rest }: DateInputProps) {
  const { t, i18n } = useTranslation('common');
  const language = currentLanguage(i18n.language);
  const [text, setText] = useState(() => formatDateText(value, language));
  // A value set from outside (a prefill, a reset) or a language switch shows afresh; typing keeps what was typed.
  useEffect(() => {
    setText((typed) => (parseDateText(typed, language) === value ? typed : formatDateText(value, language)));
  }, [value, language]);
  const placeholder = datePattern(language, { day: t('dateLetters.day'), month: t('dateLetters.month'), year: t('dateLetters.year') });
  return (
    <Input
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      value={text}
      onChange={(_, data) => {
        setText(data.value);
        onChange(parseDateText(data.value, language));
      }}
    />
  );
}
