import { describe, expect, it } from 'vitest';
import type { AlertOverview, AlertSettings } from '../../services/webhooks.service.ts';
import { alertRows, officesWithoutOverride } from './alertSettings.selectors.ts';
import { alertFieldErrors, alertFieldsChanged, alertFormInput, alertSettingsBody } from './alertSettingsForm.machine.ts';

const stored = (id: number, company: number, office: number | null, extra: Partial<AlertSettings> = {}): AlertSettings => ({
  id,
  company,
  office,
  enabled: true,
  offline_minutes: 10,
  notify_back: true,
  emails: [],
  quiet_from: null,
  quiet_to: null,
  updated_at: '2026-11-27T04:00:00.000Z',
  ...extra,
});

const overview: AlertOverview = {
  companies: [
    { id: 2, name: 'Zeta' },
    { id: 1, name: 'Acme' },
  ],
  offices: [
    { id: 10, name: 'North', company: 1, timezone: 'Europe/Moscow' },
    { id: 11, name: 'East', company: 1, timezone: 'UTC' },
    { id: 20, name: 'Hub', company: 2, timezone: 'UTC' },
  ],
  settings: [stored(5, 1, 10, { offline_minutes: 30 }), stored(4, 1, null, { offline_minutes: 15, emails: ['a@b.c'] })],
};

describe('alert settings rows', () => {
  it('lists every company by name with its settings (or the defaults), each followed by its office overrides', () => {
    expect(alertRows(overview).map((row) => [row.key, row.stored?.id ?? null, row.companySettings?.id ?? null])).toEqual([
      ['c1', 4, 4],
      ['o10', 5, 4],
      ['c2', null, null],
    ]);
    expect(alertRows(null)).toEqual([]);
  });

  it('offers the offices of a company that have no override yet', () => {
    expect(officesWithoutOverride(overview, 1).map((office) => office.id)).toEqual([11]);
    expect(officesWithoutOverride(overview, 2).map((office) => office.id)).toEqual([20]);
  });
});

describe('alert settings form', () => {
  it('opens on the stored settings, an office without its own on its company\'s, a company without any on the defaults', () => {
    expect(alertFormInput(1, null, overview.settings[1]!).fields).toEqual({
      company: 1, office: null, enabled: true, offline_minutes: '15', notify_back: true, emails: 'a@b.c', quiet_from: '', quiet_to: '',
    });
    expect(alertFormInput(1, 11, null, overview.settings[1]!)).toEqual({ id: null, fields: expect.objectContaining({ office: 11, offline_minutes: '15' }) });
    expect(alertFormInput(2, null, null).fields.offline_minutes).toBe('10');
  });

  it('checks the server\'s rules and sends what they accept', () => {
    const fields = alertFormInput(1, null, null).fields;
    expect(alertFieldErrors(fields)).toEqual({});
    expect(alertFieldErrors({ ...fields, offline_minutes: '0' })).toEqual({ offline_minutes: 'out_of_range' });
    expect(alertFieldErrors({ ...fields, offline_minutes: '10081' })).toEqual({ offline_minutes: 'out_of_range' });
    expect(alertFieldErrors({ ...fields, offline_minutes: ' ' })).toEqual({ offline_minutes: 'required' });
    expect(alertFieldErrors({ ...fields, quiet_from: '22:00' })).toEqual({ quiet_to: 'required' });
    expect(alertFieldErrors({ ...fields, quiet_from: '25:00', quiet_to: '07:00' })).toEqual({ quiet_from: 'invalid_format' });
    expect(alertFieldErrors({ ...fields, emails: 'ops@example.com, nope' })).toEqual({ emails: 'invalid_format' });
    expect(alertFieldErrors({ ...fields, emails: Array.from({ length: 21 }, (_, i) => `a${i}@b.c`).join(' ') })).toEqual({ emails: 'too_many' });
    expect(alertSettingsBody({ ...fields, offline_minutes: ' 25 ', emails: 'a@b.c;\nd@e.f a@b.c', quiet_from: '22:00', quiet_to: '07:00' })).toEqual({
      company: 1, office: null, enabled: true, offline_minutes: 25, notify_back: true, emails: ['a@b.c', 'd@e.f'], quiet_from: '22:00', quiet_to: '07:00',
    });
    expect(alertFieldsChanged(fields, { ...fields, emails: ' ' })).toBe(false);
    expect(alertFieldsChanged(fields, { ...fields, offline_minutes: '11' })).toBe(true);
  });
});
