import { describe, expect, it } from 'vitest';
import { listDraft, overrideBody, overrideFieldProblem, overrideOf, reaches } from './deviceOverrides.selectors.ts';
import { EMPTY_OVERRIDE_FIELDS } from './deviceOverrides.machine.ts';
import type { Override } from '../../services/schemas/overrides.ts';

const override = (id: number, kind: Override['targets']['kind'], ids: number[]) => ({ id, targets: { kind, ids } }) as Override;
const device = { id: 5, office: 3, company: 2 };

describe('which devices an override reaches', () => {
  it('by id, office or company, as the server resolves targets', () => {
    expect([reaches(override(1, 'devices', [5]), device), reaches(override(1, 'devices', [6]), device)]).toEqual([true, false]);
    expect([reaches(override(1, 'offices', [4, 3]), device), reaches(override(1, 'offices', [4]), device)]).toEqual([true, false]);
    expect([reaches(override(1, 'company', [2]), device), reaches(override(1, 'company', [1]), device)]).toEqual([true, false]);
    expect(reaches(override(1, 'offices', [3]), { id: 5, office: null, company: null })).toBe(false);
  });

  it('the newest running one plays (lists come newest first)', () => {
    expect(overrideOf([override(9, 'offices', [3]), override(4, 'devices', [5])], device)?.id).toBe(9);
    expect(overrideOf([override(9, 'offices', [8])], device)).toBeNull();
  });
});

describe('what an override started from /devices targets', () => {
  const shown = [
    { id: 5, name: 'A', sn: 'SN-5' },
    { id: 6, name: '', sn: 'SN-6' },
  ];
  it('the office or company filtered by, with every screen there, when nothing else narrows the list', () => {
    expect(listDraft({ office: 3 }, shown, 40)).toEqual({ targets: { kind: 'offices', ids: [3] }, screens: 40 });
    expect(listDraft({ company: 2, office: 3 }, shown, 40)).toEqual({ targets: { kind: 'offices', ids: [3] }, screens: 40 });
    expect(listDraft({ company: 2 }, shown, 90)).toEqual({ targets: { kind: 'company', ids: [2] }, screens: 90 });
  });
  it('else the devices shown; nothing when none is shown', () => {
    expect(listDraft({ office: 3, status: 'online' }, shown, 2)).toEqual({ targets: { kind: 'devices', ids: [5, 6] }, screens: 2 });
    expect(listDraft({}, shown, 2)).toEqual({ targets: { kind: 'devices', ids: [5, 6] }, screens: 2 });
    expect(listDraft({ search: 'lobby' }, [], 0)).toBeNull();
  });
});

describe('the start form', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('needs something to play and an end (if any) in the future', () => {
    expect(overrideFieldProblem(EMPTY_OVERRIDE_FIELDS, now)).toBe('content_required');
    expect(overrideFieldProblem({ ...EMPTY_OVERRIDE_FIELDS, content: 'playlist', media: 7 }, now)).toBe('content_required');
    expect(overrideFieldProblem({ ...EMPTY_OVERRIDE_FIELDS, media: 7 }, now)).toBeNull();
    expect(overrideFieldProblem({ ...EMPTY_OVERRIDE_FIELDS, media: 7, until: '2000-01-01T00:00' }, now)).toBe('override_end_in_past');
    expect(overrideFieldProblem({ ...EMPTY_OVERRIDE_FIELDS, media: 7, until: 'soon' }, now)).toBe('override_end_invalid');
    expect(overrideFieldProblem({ ...EMPTY_OVERRIDE_FIELDS, media: 7, until: '12/31/2099' }, now)).toBe('override_end_invalid');
    expect(overrideFieldProblem({ ...EMPTY_OVERRIDE_FIELDS, media: 7, until: '2099-01-01T00:00' }, now)).toBeNull();
  });
  it('sends the targets, one of media, playlist and layout, and the end as an instant', () => {
    const draft = { targets: { kind: 'company' as const, ids: [2] }, screens: 9 };
    expect(overrideBody(draft, { ...EMPTY_OVERRIDE_FIELDS, media: 7 })).toEqual({ company: 2, media: 7, ends_at: null });
    const until = '2099-01-01T10:30';
    expect(overrideBody({ targets: { kind: 'devices', ids: [5, 6] }, screens: 2 }, { ...EMPTY_OVERRIDE_FIELDS, content: 'playlist', media: 7, mediaName: 'Fire alert', playlist: 9, playlistName: 'Lobby loop', until })).toEqual({
      devices: [5, 6],
      playlist: 9,
      ends_at: new Date(until).toISOString(),
    });
    // A layout (issue 36), whatever else the form still holds.
    expect(overrideBody(draft, { ...EMPTY_OVERRIDE_FIELDS, content: 'layout', media: 7, layout: 12, layoutName: 'Lobby wall' })).toEqual({ company: 2, layout: 12, ends_at: null });
    expect(overrideFieldProblem({ ...EMPTY_OVERRIDE_FIELDS, content: 'layout', media: 7 }, now)).toBe('content_required');
  });
});
