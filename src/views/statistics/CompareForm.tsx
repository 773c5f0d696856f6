import { useState } from 'react';
import { Button, Field, Input, Select } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { paramsError, type CompareActor } from '../../machines/statistics/compare.machine.ts';
import { COMPARE_KINDS, MAX_PERIOD_HOURS, MIN_PERIOD_HOURS, type CompareKind } from '../../services/statistics.ts';
import { DateInput } from '../common/DateInput.tsx';
import { EntityPicker, type PickedEntity } from './EntityPicker.tsx';
import { useCompareStyles } from './Compare.styles.ts';

/** What to add (kind, then one of that kind's list) and the window every series covers (first day, hours). */
export function CompareForm({ compare }: { compare: CompareActor }) {
  const { t } = useTranslation('statistics');
  const styles = useCompareStyles();
  const [kind, setKind] = useState<CompareKind>('campaign');
  const [picked, setPicked] = useState<PickedEntity | null>(null);
  const date = useSelector(compare, (s) => s.context.date);
  const period = useSelector(compare, (s) => s.context.period);
  const [periodText, setPeriodText] = useState(String(period));
  const notice = useSelector(compare, (s) => s.context.notice);
  const windowError = useSelector(compare, (s) => (s.matches('invalid') ? paramsError(s.context.date, s.context.period) : null));

  return (
    <form
      className={styles.form}
      aria-label={t('compare.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        if (picked) compare.send({ type: 'compare.add', entity: picked });
      }}
    >
      <fieldset className={styles.fieldset}>
        <legend className={styles.note}>{t('compare.addLegend')}</legend>
        <Field label={t('compare.kind')} className={styles.kind}>
          <Select
            value={kind}
            onChange={(_, data) => {
              setKind(data.value as CompareKind);
              setPicked(null);
            }}
          >
            {COMPARE_KINDS.map((item) => (
              <option key={item} value={item}>
                {t(`kinds.${item}`)}
              </option>
            ))}
          </Select>
        </Field>
        <EntityPicker key={kind} kind={kind} onPick={setPicked} className={styles.entity} />
        <Button type="submit" appearance="primary" icon={<AddRegular />} disabled={!picked}>
          {t('compare.add')}
        </Button>
        {notice ? (
          <p className={styles.notice} role="alert">
            {t(notice, { max: 10 })}
          </p>
        ) : null}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={styles.note}>{t('compare.windowLegend')}</legend>
        <Field label={t('fields.date')} className={styles.date} validationState={windowError?.endsWith('dateRequired') ? 'error' : 'none'}>
          <DateInput className={styles.fill} value={date} onChange={(value) => compare.send({ type: 'compare.params', date: value })} />
        </Field>
        <Field
          label={t('fields.period')}
          hint={t('fields.periodHint')}
          className={styles.period}
          validationState={windowError?.endsWith('periodRange') ? 'error' : 'none'}
        >
          <Input
            className={styles.fill}
            type="number"
            inputMode="numeric"
            min={MIN_PERIOD_HOURS}
            max={MAX_PERIOD_HOURS}
            value={periodText}
            onChange={(_, data) => {
              setPeriodText(data.value);
              compare.send({ type: 'compare.params', period: data.value.trim() === '' ? Number.NaN : Number(data.value) });
            }}
          />
        </Field>
        {windowError ? (
          <p className={styles.notice} role="alert">
            {t(windowError)}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
