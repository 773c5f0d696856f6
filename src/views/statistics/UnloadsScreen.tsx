import { useMemo } from 'react';
import { Button, Field, ProgressBar, Radio, RadioGroup, Select } from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { currentLanguage } from '../../i18n.ts';
import { unloadFileName, unloadMachine, type UnloadActor, type UnloadForm, type UnloadScope } from '../../machines/statistics/unload.machine.ts';
import { COMPARE_KINDS, UNLOAD_GRANULARITIES, type CompareKind, type UnloadGranularity } from '../../services/statistics.ts';
import { DateInput } from '../common/DateInput.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { saveBlob } from '../devices/format.ts';
import { EntityPicker } from './EntityPicker.tsx';
import { useCompareStyles } from './Compare.styles.ts';
import { StatisticsPage } from './StatisticsPage.tsx';
import { today } from './statisticsFormat.ts';

function daysBefore(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/** Bytes in the language's own units ("1.2 MB", "1,2 МБ"). */
export function formatBytes(bytes: number, language: string): string {
  const [value, unit] = bytes >= 1048576 ? [bytes / 1048576, 'megabyte'] : bytes >= 1024 ? [bytes / 1024, 'kilobyte'] : [bytes, 'byte'];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

/** /statistics/unloads: every play (or the hourly roll-up) of a period, of everything or one campaign, device or media, as xlsx. */
export default function UnloadsScreen() {
  const { t, i18n } = useTranslation(['statistics', 'common']);
  const styles = useCompareStyles();
  const logic = useMemo(() => unloadMachine.provide({ actions: { saveFile: (_, { blob, fileName }) => saveBlob(blob, fileName) } }), []);
  const input = useMemo(() => {
    const to = today();
    return { from: daysBefore(to, 6), to, granularity: 'raw' as const, scope: { kind: 'all' } as const, lang: currentLanguage() };
  }, []);
  const unload = useActorRef(logic, { input });
  const busy = useSelector(unload, (s) => s.hasTag('busy'));
  const formError = useSelector(unload, (s) => s.context.formError);

  return (
    <StatisticsPage tab="unloads">
      <p className={styles.intro}>{t('unloads.intro')}</p>
      <form
        className={styles.form}
        aria-label={t('unloads.formLabel')}
        onSubmit={(event) => {
          event.preventDefault();
          unload.send({ type: 'unload.start', lang: currentLanguage(i18n.language) });
        }}
      >
        <UnloadFields unload={unload} disabled={busy} />
        {formError ? (
          <p className={styles.notice} role="alert">
            {t(formError)}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button type="submit" appearance="primary" icon={<ArrowDownloadRegular />} disabled={busy}>
            {t('unloads.download')}
          </Button>
        </div>
      </form>
      <UnloadStatus unload={unload} />
    </StatisticsPage>
  );
}

function UnloadFields({ unload, disabled }: { unload: UnloadActor; disabled: boolean }) {
  const { t } = useTranslation('statistics');
  const styles = useCompareStyles();
  const from = useSelector(unload, (s) => s.context.from);
  const to = useSelector(unload, (s) => s.context.to);
  const granularity = useSelector(unload, (s) => s.context.granularity);
  const scope = useSelector(unload, (s) => s.context.scope);
  const change = (form: Partial<UnloadForm>) => unload.send({ type: 'unload.change', form });
  const setScope = (next: UnloadScope) => change({ scope: next });

  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <Field label={t('unloads.from')} className={styles.date}>
        <DateInput className={styles.fill} value={from} onChange={(value) => change({ from: value })} />
      </Field>
      <Field label={t('unloads.to')} className={styles.date}>
        <DateInput className={styles.fill} value={to} onChange={(value) => change({ to: value })} />
      </Field>
      <Field label={t('unloads.granularity')}>
        <RadioGroup layout="horizontal" value={granularity} onChange={(_, data) => change({ granularity: data.value as UnloadGranularity })}>
          {UNLOAD_GRANULARITIES.map((item) => (
            <Radio key={item} value={item} label={t(`unloads.granularities.${item}`)} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={t('unloads.scope')} className={styles.kind}>
        <Select
          value={scope.kind}
          onChange={(_, data) => setScope(data.value === 'all' ? { kind: 'all' } : { kind: data.value as CompareKind, id: null, name: '' })}
        >
          <option value="all">{t('unloads.scopes.all')}</option>
          {COMPARE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(`unloads.scopes.${kind}`)}
            </option>
          ))}
        </Select>
      </Field>
      {scope.kind !== 'all' ? (
        <EntityPicker
          key={scope.kind}
          kind={scope.kind}
          className={styles.entity}
          onPick={(entity) => setScope(entity ? { kind: entity.kind, id: entity.id, name: entity.name } : { kind: scope.kind, id: null, name: '' })}
        />
      ) : null}
    </fieldset>
  );
}

function UnloadStatus({ unload }: { unload: UnloadActor }) {
  const { t, i18n } = useTranslation(['statistics', 'common']);
  const styles = useCompareStyles();
  const downloading = useSelector(unload, (s) => s.matches('downloading'));
  const done = useSelector(unload, (s) => (s.matches('done') ? unloadFileName(s.context) : null));
  const failed = useSelector(unload, (s) => s.matches('failed'));
  const error = useSelector(unload, (s) => s.context.error);
  const loaded = useSelector(unload, (s) => s.context.loaded);
  const rows = useSelector(unload, (s) => s.context.rows);

  if (downloading) {
    return (
      <div className={styles.progress} role="status" aria-live="polite">
        <ProgressBar aria-label={t('unloads.downloading')} />
        <span>
          {loaded > 0 ? t('unloads.received', { size: formatBytes(loaded, i18n.language) }) : t('unloads.generating')}
          {rows !== null ? ` ${t('unloads.rows', { count: rows })}` : ''}
        </span>
        <div className={styles.actions}>
          <Button icon={<DismissRegular />} onClick={() => unload.send({ type: 'unload.cancel' })}>
            {t('common:actions.cancel')}
          </Button>
        </div>
      </div>
    );
  }
  if (failed) {
    return (
      <div className={styles.error} role="alert">
        <span>{`${t('errors.fileFailed')}. ${t(`common:${errorMessageKey(error)}`)}`}</span>
        <Button onClick={() => unload.send({ type: 'unload.start', lang: currentLanguage(i18n.language) })}>{t('retry')}</Button>
      </div>
    );
  }
  if (done) {
    return (
      <p className={styles.message} role="status">
        {t('unloads.saved', { file: done, size: formatBytes(loaded, i18n.language) })}
        {rows !== null ? ` ${t('unloads.rows', { count: rows })}` : ''}
      </p>
    );
  }
  return null;
}
