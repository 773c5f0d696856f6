import { useMemo } from 'react';
import { Button, Field, Input } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { StatisticsQueryActor } from '../../machines/statistics/query.machine.ts';
import { MAX_PERIOD_HOURS, MIN_PERIOD_HOURS } from '../../services/statistics.ts';
import { DateInput } from '../common/DateInput.tsx';
import { EntityPicker } from './EntityPicker.tsx';
import { useStatisticsStyles } from './Statistics.styles.ts';

/** The parameters of the Charts tab: campaign, first day and period in hours; "Show" asks for them. */
export function StatisticsForm({ query }: { query: StatisticsQueryActor }) {
  const { t } = useTranslation('statistics');
  const styles = useStatisticsStyles();
  const draft = useSelector(query, (s) => s.context.draft);
  const problems = useSelector(query, (s) => s.context.problems);
  const name = useSelector(query, (s) => s.context.campaignName);
  // The picker's text follows a name known from outside it (the address's campaign read by id, or the answer's).
  const selected = useMemo(() => (draft.campaign !== null && name !== null ? { id: draft.campaign, name } : null), [draft.campaign, name]);
  const missing = problems.campaign || problems.date;

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        query.send({ type: 'statistics.submit' });
      }}
    >
      <EntityPicker
        kind="campaign"
        label={t('fields.campaign')}
        required
        invalid={Boolean(problems.campaign)}
        className={styles.campaign}
        selected={selected}
        onPick={(campaign) => query.send({ type: 'statistics.pick', campaign: campaign ? { id: campaign.id, name: campaign.name } : null })}
      />
      <Field label={t('fields.date')} required className={styles.date} validationState={problems.date ? 'error' : 'none'}>
        <DateInput className={styles.fill} value={draft.date} onChange={(date) => query.send({ type: 'statistics.change', draft: { date } })} />
      </Field>
      <Field
        label={t('fields.period')}
        className={styles.period}
        validationState={problems.period ? 'error' : 'none'}
        validationMessage={problems.period ? t('charts.periodProblem') : undefined}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={MIN_PERIOD_HOURS}
          max={MAX_PERIOD_HOURS}
          step={1}
          value={Number.isNaN(draft.period) ? '' : String(draft.period)}
          onChange={(_, data) => query.send({ type: 'statistics.change', draft: { period: data.value === '' ? Number.NaN : Number(data.value) } })}
        />
      </Field>
      <Button type="submit" appearance="primary">
        {t('charts.show')}
      </Button>
      {missing ? (
        <p className={styles.problem} role="alert">
          {t('errors.parametersRequired')}
        </p>
      ) : null}
    </form>
  );
}
