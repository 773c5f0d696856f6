import { Button } from '@fluentui/react-components';
import { DismissCircleRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from '../../i18n.ts';
import type { DeviceOverridesActor } from '../../machines/devices/deviceOverrides.machine.ts';
import type { Override } from '../../services/schemas/overrides.ts';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog.tsx';
import { useCan } from '../common/usePermission.ts';
import { useOverrideStyles } from './Devices.styles.ts';
import { formatDateTime } from './format.ts';

/** How often the panel asks again while a screen has not reported its switch. */
const SWITCH_RECHECK_MS = 3000;

export const overrideWhat = (override: Pick<Override, 'media_name' | 'playlist_name' | 'layout_name'>) => override.media_name ?? override.playlist_name ?? override.layout_name ?? '';

/**
 * The running emergency overrides (of a device on its card, of the fleet on /devices): what plays, for whom, since,
 * until, who started it, and Clear for those who may edit devices (behind a confirmation naming what stops on how many
 * screens), and whether each screen has actually switched (its player reports it: "switched at" on a device card, "n of m
 * screens switched" for the fleet; asked again every few seconds while a screen has not). Nothing when none runs.
 */
export function OverridePanel({ overrides, showTargets }: { overrides: DeviceOverridesActor; showTargets: boolean }) {
  const { t, i18n } = useTranslation(['devices', 'common']);
  const styles = useOverrideStyles();
  const canEdit = useCan('devices');
  const running = useSelector(overrides, (s) => s.context.overrides);
  const failed = useSelector(overrides, (s) => s.matches('failed'));
  const busy = useSelector(overrides, (s) => s.hasTag('busy'));
  const asking = useSelector(overrides, (s) => s.matches('confirmingClear') || s.matches('clearing'));
  const clearingId = useSelector(overrides, (s) => s.context.clearing);
  const device = useSelector(overrides, (s) => s.context.device);
  const pending = running.some((override) => (device !== null ? !override.switched_at : override.switched < override.devices));
  useEffect(() => {
    if (!pending) return;
    const timer = setInterval(() => overrides.send({ type: 'overrides.reload' }), SWITCH_RECHECK_MS);
    return () => clearInterval(timer);
  }, [pending, overrides]);
  if (failed) {
    return (
      <div role="alert" className={styles.row}>
        <span>{t('override.loadError')}</span>
        <Button onClick={() => overrides.send({ type: 'overrides.reload' })}>{t('override.retry')}</Button>
      </div>
    );
  }
  if (!running.length) return null;
  const toClear = running.find((override) => override.id === clearingId);
  return (
    <section aria-label={t('override.runningList')}>
      <ConfirmDeleteDialog
        open={asking && !!toClear}
        busy={busy}
        title={t('override.clearTitle')}
        text={toClear ? t('override.clearText', { what: overrideWhat(toClear), count: toClear.devices }) : ''}
        confirmLabel={t('override.clearConfirm')}
        onConfirm={() => overrides.send({ type: 'override.clearConfirm' })}
        onCancel={() => overrides.send({ type: 'override.cancel' })}
      />
      {running.map((override) => {
        const what = overrideWhat(override);
        return (
          <div key={override.id} className={styles.panel}>
            <div className={styles.row}>
              <p className={styles.heading}>{t('override.running', { what })}</p>
              {canEdit ? (
                <Button icon={<DismissCircleRegular />} disabled={busy} aria-label={t('override.clearNamed', { what })} onClick={() => overrides.send({ type: 'override.clear', id: override.id })}>
                  {t('override.clear')}
                </Button>
              ) : null}
            </div>
            <dl className={styles.facts}>
              {showTargets ? (
                <>
                  <dt className={styles.term}>{t('override.targetsLabel')}</dt>
                  <dd className={styles.value}>
                    {t(`override.targets.${override.targets.kind}`, { names: override.target_names.join(', ') })} ({t('override.reach', { count: override.devices })})
                  </dd>
                </>
              ) : null}
              <dt className={styles.term}>{t('override.screenLabel')}</dt>
              <dd className={styles.value}>
                {device !== null
                  ? override.switched_at
                    ? t('override.switchedAt', { time: formatDateTime(override.switched_at, i18n.language, '') })
                    : t('override.notSwitched')
                  : t('override.switchedCount', { switched: override.switched, count: override.devices })}
              </dd>
              <dt className={styles.term}>{t('override.since')}</dt>
              <dd className={styles.value}>{formatDateTime(override.starts_at, i18n.language, '')}</dd>
              <dt className={styles.term}>{t('override.untilLabel')}</dt>
              <dd className={styles.value}>{override.ends_at ? formatDateTime(override.ends_at, i18n.language, '') : t('override.untilNone')}</dd>
              <dt className={styles.term}>{t('override.by')}</dt>
              <dd className={styles.value}>{override.created_by_name ?? t('override.unknownUser')}</dd>
            </dl>
          </div>
        );
      })}
    </section>
  );
}
