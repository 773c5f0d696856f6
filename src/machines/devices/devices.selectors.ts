import type { SnapshotFrom } from 'xstate';
import type { Device } from '../../services/devices.service.ts';
import { DEVICE_POSITIONS, type DevicePosition } from '../../services/schemas/devices.ts';
import type { FetchStatus } from '../fetchStatus.machine.ts';
import type { devicesMachine } from './devices.machine.ts';

type DevicesSnapshot = Pick<SnapshotFrom<typeof devicesMachine>, 'value' | 'context' | 'hasTag'>;

export interface DeviceGroup {
  position: DevicePosition;
  devices: Device[];
}

/** The fetch status of the list (spec section 4). */
export const selectListStatus = (snapshot: DevicesSnapshot): FetchStatus => (snapshot.value as { list: FetchStatus }).list;
export const selectIsListLoading = (snapshot: DevicesSnapshot): boolean => snapshot.hasTag('loading');
export const selectListError = (snapshot: DevicesSnapshot): string | null => snapshot.context.error;
export const selectDevices = (snapshot: DevicesSnapshot): Device[] => snapshot.context.data?.results ?? [];
export const selectSearchText = (snapshot: DevicesSnapshot): string => snapshot.context.searchText;
export const selectFilters = (snapshot: DevicesSnapshot) => snapshot.context.filters;
export const selectStatistics = (snapshot: DevicesSnapshot) => snapshot.context.statistics;
/** API error code of the failed statistics load while the page shows that failure (null while they load again or arrived). */
export const selectStatisticsError = (snapshot: DevicesSnapshot): string | null =>
  (snapshot.value as { statistics: string }).statistics === 'failed' ? snapshot.context.statisticsError : null;

/** The page's devices in the groups of the spec: horizontal, vertical, unknown position (empty groups left out). */
export function groupByPosition(devices: Device[]): DeviceGroup[] {
  return DEVICE_POSITIONS.map((position) => ({ position, devices: devices.filter((device) => device.position === position) })).filter(
    (group) => group.devices.length > 0,
  );
}

export const selectGroups = (snapshot: DevicesSnapshot): DeviceGroup[] => groupByPosition(selectDevices(snapshot));

export interface PageInfo {
  page: number;
  pageCount: number;
  count: number;
  /** False when the server stopped counting (1,000 matches past the page): `count` and `pageCount` are "at least". */
  exact: boolean;
}

export function selectPageInfo(snapshot: DevicesSnapshot, pageSize: number): PageInfo {
  const count = snapshot.context.data?.count ?? 0;
  const exact = snapshot.context.data?.count_exact ?? true;
  return { page: snapshot.context.page, pageCount: Math.max(1, Math.ceil(count / pageSize)), count, exact };
}

/** Export progress in percent while the xlsx is built; null when no export runs. */
export function selectExportPercent(snapshot: DevicesSnapshot): number | null {
  if (!snapshot.hasTag('exporting')) return null;
  const progress = snapshot.context.exportProgress;
  if (!progress || progress.total === 0) return 0;
  return Math.min(100, Math.round((progress.loaded / progress.total) * 100));
}

/** Whether any filter (or a search) narrows the list. */
export const selectIsFiltered = (snapshot: DevicesSnapshot): boolean =>
  Object.values(snapshot.context.filters).some((value) => value !== undefined && value !== '');

/** The events of a device's compiled schedule, each once; an emergency override's item is no event (issue 35). */
export const scheduledEventCount = (items: readonly { event: number; override?: number | null }[]): number =>
  new Set(items.filter((item) => item.override == null).map((item) => item.event)).size;
