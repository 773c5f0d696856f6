import { Badge, Checkbox, Link, Title3 } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { DevicesActor } from '../../machines/devices/devices.machine.ts';
import type { DeviceBulkActor } from '../../machines/devices/deviceBulk.machine.ts';
import type { DeviceOverridesActor } from '../../machines/devices/deviceOverrides.machine.ts';
import { overrideOf } from '../../machines/devices/deviceOverrides.selectors.ts';
import { selectGroups, selectIsFiltered, selectListError, selectListStatus } from '../../machines/devices/devices.selectors.ts';
import type { Device } from '../../services/devices.service.ts';
import type { DeviceStatus } from '../../services/schemas/devices.ts';
import { Loading } from '../common/Loading.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { useDevicesStyles } from './Devices.styles.ts';
import { formatDateTime } from './format.ts';
import { overrideWhat } from './OverridePanel.tsx';
import { TagChips } from './TagChips.tsx';

const STATUS_COLOR: Record<DeviceStatus, 'success' | 'danger' | 'subtle'> = { online: 'success', offline: 'danger', disabled: 'subtle' };

/** The device's status; a screen off by its power schedule (issue 41) says so instead of online or offline. */
export function StatusBadge({ status, screenOff = false }: { status: DeviceStatus; screenOff?: boolean }) {
  const { t } = useTranslation('devices');
  if (screenOff && status !== 'disabled') {
    return (
      <Badge appearance="tint" color="informative">
        {t('power.screenOff')}
      </Badge>
    );
  }
  return (
    <Badge appearance="tint" color={STATUS_COLOR[status]}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** The page of devices in position groups (horizontal, vertical, unknown), one table each. */
/** The tick of a device for a bulk action (issue 41), in the row's first cell (the card's title on a phone). */
function PickBox({ bulk, device }: { bulk: DeviceBulkActor; device: Device }) {
  const { t } = useTranslation('devices');
  const styles = useDevicesStyles();
  const checked = useSelector(bulk, (s) => s.context.picked.includes(device.id));
  const idle = useSelector(bulk, (s) => s.matches('idle'));
  return (
    <Checkbox
      className={styles.pick}
      checked={checked}
      disabled={!idle}
      aria-label={t('bulk.select', { name: device.name || device.sn })}
      onChange={() => bulk.send({ type: 'selection.toggle', id: device.id })}
    />
  );
}

export function DeviceTable({ devices, overrides, bulk, onOpen }: { devices: DevicesActor; overrides: DeviceOverridesActor; bulk?: DeviceBulkActor; onOpen: (device: Device) => void }) {
  const { t, i18n } = useTranslation(['devices', 'common']);
  const styles = useDevicesStyles();
  const status = useSelector(devices, selectListStatus);
  const groups = useSelector(devices, selectGroups);
  const error = useSelector(devices, selectListError);
  const filtered = useSelector(devices, selectIsFiltered);
  const running = useSelector(overrides, (s) => s.context.overrides);
  const none = t('list.none');

  if (status === 'initial' || status === 'loading') return <Loading />;
  if (status === 'error') return <p className={styles.message} role="alert">{`${t('list.loadError')}: ${t(`common:${errorMessageKey(error)}`)}`}</p>;
  if (groups.length === 0) return <p className={styles.message}>{filtered ? t('list.empty') : t('list.emptyAll')}</p>;

  return (
    <div className={status === 'updating' ? styles.updating : undefined} aria-busy={status === 'updating'}>
      {groups.map((group) => {
        const title = t(`positions.${group.position}`);
        return (
          <section key={group.position} className={styles.group} aria-label={title}>
            <Title3 as="h2" block className={styles.groupHeading}>
              {title}
            </Title3>
            <ResponsiveList
              label={t('list.label', { group: title })}
              rows={group.devices}
              rowKey={(device) => device.id}
              title={{
                id: 'name',
                header: t('fields.name'),
                wrap: 'anywhere',
                cell: (device) => {
                  const override = overrideOf(running, device);
                  return (
                    <>
                      {bulk ? <PickBox bulk={bulk} device={device} /> : null}
                      <Link as="button" className={styles.nameCell} onClick={() => onOpen(device)} aria-label={t('actions.open', { name: device.name || device.sn })}>
                        {device.name || device.sn}
                      </Link>
                      {override ? (
                        <Badge appearance="filled" color="danger" className={styles.overrideMarker} title={t('override.markerHint', { what: overrideWhat(override) })}>
                          {t('override.marker')}
                        </Badge>
                      ) : null}
                      {/* Under the name rather than a column of their own: the table keeps to 700 px (screens.test.ts). */}
                      <TagChips tags={device.tags} />
                    </>
                  );
                },
              }}
              columns={[
                { id: 'sn', header: t('fields.sn'), cell: (device) => device.sn, wrap: 'nowrap' },
                { id: 'status', header: t('fields.status'), cell: (device) => <StatusBadge status={device.status} screenOff={device.screen_off} />, wrap: 'nowrap' },
                { id: 'schedule', header: t('fields.schedule_state'), cell: (device) => (device.status === 'online' ? t(`schedule.${device.schedule_state}`) : t('schedule.offline')), wideOnly: true },
                { id: 'type', header: t('fields.device_type'), cell: (device) => t(`types.${device.device_type}`, { defaultValue: device.device_type }), wideOnly: true, wrap: 'nowrap' },
                { id: 'office', header: t('fields.office'), cell: (device) => (device.office_name ? `${device.company_name ?? ''} · ${device.office_name}` : none), wrap: 'anywhere' },
                { id: 'ip', header: t('fields.ip'), cell: (device) => device.ip ?? none, wideOnly: true, wrap: 'nowrap' },
                { id: 'last', header: t('fields.last_connection'), cell: (device) => formatDateTime(device.last_connection, i18n.language, t('list.never')), wrap: 'nowrap' },
              ]}
            />
          </section>
        );
      })}
    </div>
  );
}
