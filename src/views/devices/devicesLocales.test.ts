import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseKeys } from '../testing/localeKeys.ts';

const LOCALES = path.resolve(import.meta.dirname, '../../../locales');

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return { [prefix]: value };
  return Object.entries(value).reduce<Record<string, unknown>>((all, [key, child]) => ({ ...all, ...flatten(child, prefix ? `${prefix}.${key}` : key) }), {});
}

const bundle = (lng: string) => flatten(JSON.parse(fs.readFileSync(path.join(LOCALES, lng, 'devices.json'), 'utf8')));

describe('the devices namespace', () => {
  it('has the same keys in English and Russian, none empty', () => {
    const en = bundle('en');
    const ru = bundle('ru');
    expect(baseKeys(ru)).toEqual(baseKeys(en));
    for (const [key, text] of [...Object.entries(en), ...Object.entries(ru)]) expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
  });

  it('holds the spec messages verbatim in English', () => {
    const english = Object.values(bundle('en'));
    for (const text of ['Device already exist', 'Device is ready', 'Device is not ready', 'Config updated!', 'Error while loading device', 'Download as xlsx']) {
      expect(english, text).toContain(text);
    }
  });

  it('names every status, schedule state, type, position and profile the schemas know', async () => {
    const { DEVICE_STATUSES, SCHEDULE_STATES, DEVICE_TYPES, DEVICE_POSITIONS, DEFAULT_CONFIGS, DEVICE_SHEET_KEYS } = await import('../../services/schemas/devices.ts');
    const en = bundle('en');
    const keys = [
      ...DEVICE_STATUSES.map((v) => `status.${v}`),
      ...SCHEDULE_STATES.map((v) => `schedule.${v}`),
      ...DEVICE_TYPES.map((v) => `types.${v}`),
      ...DEVICE_POSITIONS.map((v) => `positions.${v}`),
      ...DEVICE_POSITIONS.map((v) => `position.${v}`),
      ...DEFAULT_CONFIGS.map((v) => `profiles.${v}`),
      ...DEVICE_SHEET_KEYS.map((key) => `fields.${key}`),
      'list.yes',
      'list.no',
    ];
    for (const key of keys) expect(en[key], key).toBeTypeOf('string');
  });
});
