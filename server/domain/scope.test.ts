import { describe, expect, it } from 'vitest';
import { assertVisible, can, isVisible, unionOfGroups } from './scope.ts';

const NONE = { devices: 'none', media: 'none', playlists: 'none', campaigns: 'none', statistics: 'none', company: 'none' } as const;

describe('unionOfGroups', () => {
  it('gives user 1 every company and edit everywhere, whatever their groups', () => {
    const scope = unionOfGroups(1, [{ companies: [3], permissions: NONE }]);
    expect(scope).toEqual({ userId: 1, admin: true, companies: null, permissions: { devices: 'edit', media: 'edit', playlists: 'edit', campaigns: 'edit', statistics: 'edit', company: 'edit' } });
    expect(isVisible(scope, null)).toBe(true);
  });

  it('unites companies and takes the highest level per area', () => {
    const scope = unionOfGroups(7, [
      { companies: [5, 2], permissions: { ...NONE, devices: 'view', media: 'edit' } },
      { companies: [2, 9], permissions: { ...NONE, devices: 'edit', media: 'view', statistics: 'view' } },
    ]);
    expect(scope).toEqual({ userId: 7, admin: false, companies: [2, 5, 9], permissions: { ...NONE, devices: 'edit', media: 'edit', statistics: 'view' } });
    expect([can(scope, 'devices', 'edit'), can(scope, 'statistics', 'edit'), can(scope, 'statistics', 'view'), can(scope, 'company', 'view')]).toEqual([true, false, true, false]);
  });

  it('leaves a user without groups nothing; objects of no company are only the administrator’s', () => {
    const scope = unionOfGroups(4, []);
    expect(scope).toEqual({ userId: 4, admin: false, companies: [], permissions: NONE });
    expect(isVisible(unionOfGroups(4, [{ companies: [1], permissions: NONE }]), null)).toBe(false);
    expect(() => assertVisible(scope, 1, 'Device')).toThrow('Device not found.');
    expect(() => assertVisible(unionOfGroups(1, []), undefined, 'Device')).toThrow('Device not found.');
  });
});
