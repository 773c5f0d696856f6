import type { Device } from '../../services/devices.service.ts';

/** A device as the API answers it, for tests. */
export function fakeDevice(id: number, patch: Partial<Device> = {}): Device {
  return {
    id,
    sn: `SN-${id}`,
    mac: null,
    name: `Screen ${id}`,
    office: null,
    office_name: null,
    company: null,
    company_name: null,
    device_type: 'tvpi',
    default_config: 'standard',
    screen_type: '',
    description: '',
    mount_date: null,
    warranty: null,
    position: 'horizontal',
    ip: null,
    last_connection: null,
    schedule_expiry: null,
    version: '',
    status: 'offline',
    schedule_state: 'not_found',
    is_active: true,
    photo: null,
    key: `key-${id}`,
    user: 1,
    created_at: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}
