import { useEffect, useState } from 'react';
import { Input, type InputProps } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { currentLanguage } from '../../i18n.ts';
import { datePattern } from './dateText.ts';
import { formatDateTimeText, parseDateTimeText, usesDayPeriod } from './dateTime.ts';

export interface DateTimeInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type' | 'defaultValue'> {
  /** A local date and time "YYYY-MM-DDTHH:MM", '' for none, or an unfinished entry as typed. */
  value: string;
  onChange: (value: string) => void;
}

/**
 * A local date and time typed and shown in the interface language ("31.12.2026 15:30" in Russian, "12/31/2026 3:30 PM"
 * in English) instead of the browser's datetime-local input, whose order and clock follow the browser, not the app.
 * Hands "YYYY-MM-DDTHH:MM" on, as that input did.
 */
export function DateTimeInput({ value, onChange, ...rest }: DateTimeInputProps) {
  const { t, i18n } = useTranslation('common');
  const language = currentLanguage(i18n.language);
  const [text, setText] = useState(() => formatDateTimeText(value, language));
  // A value set from outside (a prefill, a reset) or a language switch shows afresh; typing keeps what was typed.
  useEffect(() => {
    setText((typed) => (parseDateTimeText(typed, language) === value ? typed : formatDateTimeText(value, language)));
  }, [value, language]);
  const day = datePattern(language, { day: t('dateLetters.day'), month: t('dateLetters.month'), year: t('dateLetters.year') });
  const time = `${t('dateLetters.hour').repeat(2)}:${t('dateLetters.minute').repeat(2)}${usesDayPeriod(language) ? ' AM' : ''}`;
  return (
    <Input
      {...rest}
      type="text"
      autoComplete="off"
      placeholder={`${day} ${time}`}
      value={text}
      onChange={(_, data) => {
        setText(data.value);
        onChange(parseDateTimeText(data.value, language));
      }}
    />
  );
}
