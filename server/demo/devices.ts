import { createHash } from 'node:crypto';
import type { AppContext } from '../context.ts';
import { findDeviceIdBySerial, insertCompany, insertDevice, insertOffice, updateDevice, type DeviceInsert } from '../db/devices.ts';
import { defaultConfigFiles } from '../domain/devices.ts';
import { DEVICE_TYPES, type DefaultConfig, type DevicePosition } from '../../src/services/schemas/devices.ts';

/** Demo fleet size; `npm run simulate -- --devices N` plays DEMO-0001 .. DEMO-000N. */
export const DEMO_DEVICE_COUNT = 48;
export const DEMO_SERIAL_PREFIX = 'DEMO';

export function demoSerial(index: number): string {
  return `${DEMO_SERIAL_PREFIX}-${String(index).padStart(4, '0')}`;
}

/**
 * The key of a demo device, derived from its serial so that the simulator can play the demo fleet
 * without reading the database. Only demo devices get derivable keys; every other device's key is random.
 */
export function demoDeviceKey(serial: string): string {
  return createHash('sha256').update(`vitrine-demo-device:${serial}`).digest('base64url');
}

const COMPANIES: { name: string; description: string; offices: { name: string; address: string; phone: string; email: string; contact: string }[] }[] = [
  {
    name: 'Northwind Retail',
    description: 'Grocery chain, 40 stores',
    offices: [
      { name: 'Northwind Central', address: '12 Harbour Road', phone: '+1 555 0100', email: 'central@northwind.example', contact: 'Dana Smith' },
      { name: 'Northwind Riverside', address: '3 River Walk', phone: '+1 555 0101', email: 'riverside@northwind.example', contact: 'Alex Chen' },
    ],
  },
  {
    name: 'Contoso Cinemas',
    description: 'Multiplex cinemas',
    offices: [
      { name: 'Contoso Downtown', address: '88 Market Street', phone: '+1 555 0200', email: 'downtown@contoso.example', contact: 'Sam Patel' },
      { name: 'Contoso Mall', address: '1 Mall Plaza', phone: '+1 555 0201', email: 'mall@contoso.example', contact: 'Kim Lee' },
    ],
  },
  {
    name: 'Fabrikam Bank',
    description: 'Branch lobbies and ATMs',
    offices: [{ name: 'Fabrikam Main Branch', address: '5 Finance Square', phone: '+1 555 0300', email: 'main@fabrikam.example', contact: 'Jo Brown' }],
  },
];

const PLACES = ['Entrance', 'Checkout', 'Lobby', 'Food court', 'Escalator', 'Window', 'Queue', 'Café'];
const POSITIONS: DevicePosition[] = ['horizontal', 'horizontal', 'vertical', 'unknown'];
const PROFILES: DefaultConfig[] = ['standard', 'standard', 'kiosk', 'videowall'];

/** Companies, offices and the demo fleet DEMO-0001 .. DEMO-0048 (once: skipped when it exists). */
export async function loadDemoDevices(ctx: AppContext): Promise<void> {
  const { db } = ctx;
  if (await findDeviceIdBySerial(db, demoSerial(1))) return;
  const officeIds: number[] = [];
  for (const spec of COMPANIES) {
    const company = await insertCompany(db, { name: spec.name, description: spec.description });
    for (const office of spec.offices) {
      const row = await insertOffice(db, {
        companyId: company.id,
        name: office.name,
        address: office.address,
        phone: office.phone,
        email: office.email,
        contactPerson: office.contact,
        description: `${spec.name} site`,
      });
      officeIds.push(row.id);
    }
  }
  for (let i = 1; i <= DEMO_DEVICE_COUNT; i += 1) {
    const sn = demoSerial(i);
    const position = POSITIONS[i % POSITIONS.length]!;
    const profile = PROFILES[i % PROFILES.length]!;
    const values: DeviceInsert = {
      sn,
      mac: `02:5E:00:00:${(i >> 8).toString(16).padStart(2, '0')}:${(i & 255).toString(16).padStart(2, '0')}`.toUpperCase(),
      name: `${PLACES[i % PLACES.length]} ${Math.ceil(i / PLACES.length)}`,
      officeId: officeIds[i % officeIds.length]!,
      deviceType: DEVICE_TYPES[i % 3]!,
      defaultConfig: profile,
      screenType: i % 5 === 0 ? 'LED wall' : 'LCD 55"',
      description: i % 7 === 0 ? 'Outdoor, high brightness' : '',
      mountDate: `2024-${String((i % 12) + 1).padStart(2, '0')}-15`,
      warranty: `2027-${String((i % 12) + 1).padStart(2, '0')}-15`,
      position,
      ip: `10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      deviceKey: demoDeviceKey(sn),
      userId: 1,
    };
    const id = await insertDevice(db, values, defaultConfigFiles(profile, { sn, position }));
    if (i % 16 === 0) await updateDevice(db, id, { isActive: false });
  }
  console.log(`  Demo fleet: ${COMPANIES.length} companies, ${officeIds.length} offices, ${DEMO_DEVICE_COUNT} devices (${demoSerial(1)} .. ${demoSerial(DEMO_DEVICE_COUNT)}).`);
  console.log(`  Bring them to life: npm run simulate -- --devices ${DEMO_DEVICE_COUNT} --server http://localhost:${ctx.config.port}`);
}
