import { useState } from 'react';
import { Button, Checkbox, Field, Input, Text } from '@fluentui/react-components';
import { AddRegular, CopyRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import {
  addException,
  addSpan,
  copyToAllDays,
  removeException,
  removeSpan,
  setDay,
  setExceptionSpans,
  setSpan,
  type PowerFields,
} from '../../machines/company/powerEditing.ts';
import type { FieldErrors } from '../../machines/form/form.machine.ts';
import { POWER_MAX_EXCEPTIONS, POWER_MAX_SPANS, type PowerSpan } from '../../services/schemas/power.ts';
import { fieldValidation } from '../common/FormDialog.tsx';
import { usePowerStyles } from './PowerSchedule.styles.ts';
import { weekdayName } from './powerSummary.ts';

interface Props {
  fields: PowerFields;
  errors: FieldErrors;
  change: <K extends keyof PowerFields & string>(field: K, value: PowerFields[K]) => void;
}

/**
 * The weekly hours and the exceptions by date of a power schedule (issue 41): every edit is a pure change
 * (machines/company/powerEditing.ts) sent to the form as one `form.change`; the form's errors sit under their span.
 */
export function PowerScheduleEditor({ fields, errors, change }: Props) {
  const { t, i18n } = useTranslation('company');
  const styles = usePowerStyles();
  const [date, setDate] = useState('');
  const message = (code: string) => t(`power.errors.${code}`);

  const spansEditor = (spans: PowerSpan[], at: string, label: string, onChange: (spans: PowerSpan[]) => void) => (
    <>
      {spans.length === 0 ? <Text className={styles.note}>{t('power.offAllDay')}</Text> : null}
      {spans.map((span, index) => (
        <div key={index} className={styles.span}>
          {(['on', 'off'] as const).map((part) => (
            <Field key={part} label={t(`power.${part}`)} {...fieldValidation(errors, `${at}.${index}.${part}`, message)}>
              <Input
                className={styles.time}
                value={span[part]}
                inputMode="numeric"
                placeholder="HH:MM"
                aria-label={t('power.spanLabel', { day: label, index: index + 1, part: t(`power.${part}`) })}
                onChange={(_, data) => onChange(setSpan(spans, index, part, data.value))}
              />
            </Field>
          ))}
          <Button appearance="subtle" icon={<DeleteRegular />} aria-label={t('power.removeSpanOf', { index: index + 1, day: label })} onClick={() => onChange(removeSpan(spans, index))} />
        </div>
      ))}
      {errors[at] ? <Text role="alert">{message(errors[at]!)}</Text> : null}
      <Button size="small" icon={<AddRegular />} disabled={spans.length >= POWER_MAX_SPANS} aria-label={t('power.addSpanOf', { day: label })} onClick={() => onChange(addSpan(spans))}>
        {t('power.addSpan')}
      </Button>
    </>
  );

  return (
    <>
      <fieldset className={styles.days}>
        {fields.week.map((spans, day) => {
          const name = weekdayName(day, i18n.language);
          return (
            <div key={day} className={styles.day} role="group" aria-label={name}>
              <p className={styles.dayName}>{name}</p>
              {spansEditor(spans, `week.${day}`, name, (next) => change('week', setDay(fields.week, day, next)))}
              <Button size="small" appearance="subtle" icon={<CopyRegular />} aria-label={t('power.copyToAllOf', { day: name })} onClick={() => change('week', copyToAllDays(fields.week, day))}>
                {t('power.copyToAll')}
              </Button>
            </div>
          );
        })}
      </fieldset>
      <fieldset className={styles.days}>
        <legend className={styles.dayName}>{t('power.exceptions')}</legend>
        {fields.exceptions.length === 0 ? <Text className={styles.note}>{t('power.noExceptions')}</Text> : null}
        {fields.exceptions.map((exception, index) => {
          const label = new Date(`${exception.date}T00:00:00Z`).toLocaleDateString(i18n.language, { timeZone: 'UTC', dateStyle: 'medium' });
          const at = `exceptions.${index}`;
          return (
            <div key={exception.date} className={styles.day} role="group" aria-label={label}>
              <p className={styles.dayName}>{label}</p>
              {errors[`${at}.date`] ? <Text role="alert">{message(errors[`${at}.date`]!)}</Text> : null}
              <Checkbox
                label={t('power.closedAllDay')}
                checked={exception.spans.length === 0}
                onChange={(_, data) => change('exceptions', setExceptionSpans(fields.exceptions, index, data.checked ? [] : addSpan([])))}
              />
              {exception.spans.length ? spansEditor(exception.spans, `${at}.spans`, label, (next) => change('exceptions', setExceptionSpans(fields.exceptions, index, next))) : null}
              <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('power.removeExceptionOf', { date: label })} onClick={() => change('exceptions', removeException(fields.exceptions, index))} />
            </div>
          );
        })}
        {errors.exceptions ? <Text role="alert">{message(errors.exceptions)}</Text> : null}
        <div className={styles.exceptionAdd}>
          <Field label={t('power.exceptionDate')}>
            <Input type="date" value={date} onChange={(_, data) => setDate(data.value)} />
          </Field>
          <Button
            icon={<AddRegular />}
            disabled={!date || fields.exceptions.length >= POWER_MAX_EXCEPTIONS || fields.exceptions.some((e) => e.date === date)}
            onClick={() => {
              change('exceptions', addException(fields.exceptions, date));
              setDate('');
            }}
          >
            {t('power.addException')}
          </Button>
        </div>
      </fieldset>
    </>
  );
}
