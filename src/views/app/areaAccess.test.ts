import { describe, expect, it } from 'vitest';
import type { Access } from '../../services/schemas/groups.ts';
import { firstOpenPath, mayOpen } from './areaAccess.ts';

const access = (permissions: Partial<Access['permissions']>): Access => ({
  admin: false,
  companies: [1],
  permissions: { devices: 'none', media: 'none', playlists: 'none', campaigns: 'none', statistics: 'none', company: 'none', ...permissions },
});

describe('mayOpen: an address opens exactly when the sidebar offers its item', () => {
  it('refuses the areas the groups give none, below their item path too', () => {
    const devicesOnly = access({ devices: 'view' });
    for (const path of ['/media', '/media/3', '/playlists/4', '/campaigns', '/campaigns/7/scheduler', '/scheduler', '/company', '/branch-offices', '/statistics/compare', '/timeline', '/clients']) {
      expect(mayOpen(path, false, devicesOnly), path).toBe(false);
    }
    for (const path of ['/devices', '/devices/5/configs', '/navigation', '/navigation/5', '/journal', '/profile']) {
      expect(mayOpen(path, false, devicesOnly), path).toBe(true);
    }
  });

  it('opens /clients only with edit on devices, and everything to the administrator or before the profile is known', () => {
    expect(mayOpen('/clients', false, access({ devices: 'edit' }))).toBe(true);
    expect(mayOpen('/media', true, access({}))).toBe(true);
    expect(mayOpen('/media', false, null)).toBe(true);
    expect(mayOpen('/nowhere', false, access({}))).toBe(true);
  });

  it('sends a refused address to the first screen of the sidebar', () => {
    expect(firstOpenPath(false, access({ media: 'view' }))).toBe('/media');
    expect(firstOpenPath(false, access({}))).toBe('/journal');
    expect(firstOpenPath(false, null)).toBe('/devices');
  });
});
