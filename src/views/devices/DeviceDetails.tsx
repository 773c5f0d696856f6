import { Button } from '@fluentui/react-components';
import { CopyRegular } from '@fluentui/react-icons';
import { useEffect, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { deviceScheduleMachine } from '../../machines/devices/deviceSchedule.machine.ts';
import { scheduledEventCount } from '../../machines/devices/devices.selectors.ts';
import type { Device } from '../../services/devices.service.ts';
import { useNotify } from '../common/notify.tsx';
import { StatusBadge } from './DeviceTable.tsx';
import { useDeviceCardStyles } from './Devices.styles.ts';
import { formatDate, formatDateTime } from './format.ts';
import { TagChips } from './TagChips.tsx';
import { DevicePowerSummary } from './DevicePowerSummary.tsx';

/** The device's schedule (GET /scheduler/dev2/{id}) in one line. */
function ScheduleSummary({ id }: { id: number }) {
  const { t } = useTranslation('devices');
  const schedule = useActorRef(deviceScheduleMachine);
  useEffect(() => schedule.send({ type: 'fetch.load', params: id }), [schedule, id]);
  const data = useSelector(schedule, (s) => s.context.data);
  if (!data) return <>{t('list.none')}</>;
  const events = scheduledEventCount(data.items);
  return <>{events ? t('card.scheduleSummary', { count: events, version: data.version }) : t('card.scheduleEmpty', { version: data.version })}</>;
}

/** Every field of a device as a description list. */
export function DeviceDetails({ device }: { device: Device }) {
  const { t, i18n } = useTranslation(['devices', 'common']);
  const styles = useDeviceCardStyles();
  const notify = useNotify();
  const none = t('list.none');
  const language = i18n.language;
  const copyKey = () =>
    navigator.clipboard
      .writeText(device.key)
      .then(() => notify(t('common:messages.copied'), 'success'))
      .catch(() => notify(t('common:messages.copyFailed'), 'error'));

  const rows: [string, ReactNode][] = [
    ['sn', device.sn],
    ['mac', device.mac ?? none],
    ['name', device.name || none],
    ['company', device.company_name ?? none],
    ['office', device.office_name ?? none],
    ['device_type', t(`types.${device.device_type}`, { defaultValue: device.device_type })],
    ['default_config', t(`profiles.${device.default_config}`, { defaultValue: device.default_config })],
    ['screen_type', device.screen_type || none],
    ['position', t(`position.${device.position}`)],
    ['ip', device.ip ?? none],
    ['status', <StatusBadge key="status" status={device.status} screenOff={device.screen_off} />],
    ['last_connection', formatDateTime(device.last_connection, language, t('list.never'))],
    // What an offline device last reported is no longer known to hold (issue 35.4: not "Offline · Playing").
    ['schedule_state', device.status === 'online' ? t(`schedule.${device.schedule_state}`) : t('schedule.offline')],
    ['schedule_expiry', formatDateTime(device.schedule_expiry, language, none)],
    ['schedule', <ScheduleSummary key="schedule" id={device.id} />],
    ['power', <DevicePowerSummary key="power" id={device.id} name={device.name || device.sn} />],
    ['version', device.version || none],
    ['is_active', device.is_active ? t('card.active') : t('card.inactive')],
    ['mount_date', formatDate(device.mount_date, language, none)],
    ['warranty', formatDate(device.warranty, language, none)],
    ['description', device.description || none],
    ['tags', <TagChips key="tags" tags={device.tags} none={none} />],
  ];

  return (
    <dl className={styles.fields}>
      {rows.map(([field, value]) => (
        <div key={field} className={styles.row}>
          <dt className={styles.term}>{t(`fields.${field}`)}</dt>
          <dd className={styles.value} data-field={field}>
            {value}
          </dd>
        </div>
      ))}
      <dt className={styles.term}>{t('fields.key')}</dt>
      <dd className={styles.value}>
        <span className={styles.key} title={t('card.keyHint')}>
          {device.key}
        </span>{' '}
        <Button size="small" appearance="subtle" icon={<CopyRegular />} aria-label={t('card.copyKey')} onClick={copyKey} />
      </dd>
    </dl>
  );
}
