import { useMemo } from 'react';
import { Button, Spinner } from '@fluentui/react-components';
import { DeleteRegular, DismissRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { compareMachine, keyOf, type CompareActor } from '../../machines/statistics/compare.machine.ts';
import { answerMatchesList, shownSeries } from '../../machines/statistics/compare.selectors.ts';
import { readCompareList, writeCompareList } from '../../services/compareList.ts';
import { DEFAULT_PERIOD_HOURS, MAX_COMPARE_ENTITIES } from '../../services/statistics.ts';
import { SessionContext } from '../app/actors.ts';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { CompareChart } from './charts.tsx';
import { useSeriesColors } from './seriesColors.ts';
import { today } from './statisticsFormat.ts';
import { CompareForm } from './CompareForm.tsx';
import { useCompareStyles } from './Compare.styles.ts';
import { StatisticsPage } from './StatisticsPage.tsx';

/** /statistics/compare: up to 10 campaigns, devices or media, their plays per hour overlaid; the list is kept for the next visit. */
export default function CompareScreen() {
  const { t } = useTranslation('statistics');
  const styles = useCompareStyles();
  // Inline rather than session.selectors' selectUserId: Parcel left that export out of the shared App bundle for this lazy chunk.
  const owner = SessionContext.useSelector((s) => s.context.userId);
  const input = useMemo(() => ({ entities: readCompareList(owner), date: today(), period: DEFAULT_PERIOD_HOURS }), [owner]);
  const logic = useMemo(() => compareMachine.provide({ actions: { persist: (_, { entities }) => writeCompareList(entities, owner) } }), [owner]);
  const compare = useActorRef(logic, { input });
  const count = useSelector(compare, (s) => s.context.entities.length);
  const canClear = useSelector(compare, (s) => s.can({ type: 'compare.clear' }));

  return (
    <StatisticsPage
      tab="compare"
      actions={
        <Button icon={<DeleteRegular />} disabled={!canClear} onClick={() => compare.send({ type: 'compare.clear' })}>
          {t('compare.clear')}
        </Button>
      }
    >
      <p className={styles.intro}>{t('compare.intro', { max: MAX_COMPARE_ENTITIES })}</p>
      <CompareForm compare={compare} />
      <p className={styles.count} aria-live="polite">
        {t('compare.count', { count, max: MAX_COMPARE_ENTITIES })}
      </p>
      <CompareList compare={compare} />
      <CompareResult compare={compare} />
    </StatisticsPage>
  );
}

function CompareList({ compare }: { compare: CompareActor }) {
  const { t } = useTranslation('statistics');
  const styles = useCompareStyles();
  const entities = useSelector(compare, (s) => s.context.entities);
  const colors = useSeriesColors();
  if (entities.length === 0) return null;
  return (
    <ul className={styles.list} aria-label={t('compare.listLabel')}>
      {entities.map((entity, index) => (
        <li key={keyOf(entity)} className={styles.item}>
          <span className={styles.swatch} style={{ backgroundColor: colors[index % colors.length] }} aria-hidden />
          <span className={styles.itemName}>
            <span className={styles.itemKind}>{`${t(`kinds.${entity.kind}`)}: `}</span>
            {entity.name}
          </span>
          <Button
            appearance="subtle"
            size="small"
            icon={<DismissRegular />}
            aria-label={t('compare.remove', { name: entity.name })}
            onClick={() => compare.send({ type: 'compare.remove', entity: keyOf(entity) })}
          />
        </li>
      ))}
    </ul>
  );
}

function CompareResult({ compare }: { compare: CompareActor }) {
  const { t } = useTranslation(['statistics', 'common']);
  const styles = useCompareStyles();
  const empty = useSelector(compare, (s) => s.matches('empty'));
  const failed = useSelector(compare, (s) => s.matches('failed'));
  const loading = useSelector(compare, (s) => s.hasTag('loading'));
  const error = useSelector(compare, (s) => s.context.error);
  const missing = useSelector(compare, (s) => s.context.missing);
  const current = useSelector(compare, (s) => answerMatchesList(s.context));
  const data = useSelector(compare, (s) => s.context.data);
  const colors = useSeriesColors();
  const series = useMemo(() => shownSeries(data, (kind) => t(`kinds.${kind}`)), [data, t]);

  if (empty) return <p className={styles.message}>{t('compare.empty')}</p>;
  if (failed && missing.length) return <MissingEntities compare={compare} />;
  if (failed) {
    return (
      <div className={styles.error} role="alert">
        <span>{`${t('errors.loadFailed')}. ${t(`common:${errorMessageKey(error)}`)}`}</span>
        <Button onClick={() => compare.send({ type: 'compare.retry' })}>{t('retry')}</Button>
      </div>
    );
  }
  if (!data || !current) return loading ? <Spinner label={t('common:loading')} /> : null;
  return (
    <div aria-busy={loading}>
      <p className={styles.note}>{t('timeZone', { zone: data.time_zone })}</p>
      <CompareChart series={series} colors={colors} timeZone={data.time_zone} />
    </div>
  );
}

/**
 * The load was refused because listed entities are gone for this user (deleted, or moved out of their scope): each is
 * named as the list keeps it, with its removal; the others load once it is removed.
 */
function MissingEntities({ compare }: { compare: CompareActor }) {
  const { t } = useTranslation('statistics');
  const styles = useCompareStyles();
  const entities = useSelector(compare, (s) => s.context.entities);
  const missing = useSelector(compare, (s) => s.context.missing);
  const gone = entities.filter((entity) => missing.includes(keyOf(entity)));
  return (
    <div className={styles.missing} role="alert">
      <p className={styles.missingTitle}>{`${t('errors.loadFailed')}. ${t('compare.missing.title', { count: gone.length })}`}</p>
      <ul className={styles.missingList}>
        {gone.map((entity) => (
          <li key={keyOf(entity)} className={styles.missingItem}>
            <span className={styles.itemName}>{t('compare.missing.entity', { kind: t(`kinds.${entity.kind}`), name: entity.name })}</span>
            <Button size="small" icon={<DismissRegular />} onClick={() => compare.send({ type: 'compare.remove', entity: keyOf(entity) })}>
              {t('compare.missing.remove', { name: entity.name })}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
