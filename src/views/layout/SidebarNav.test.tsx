import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SidebarNav } from './SidebarNav.tsx';
import { renderWithProviders, storeSession } from '../testing/renderWithProviders.tsx';

const header = (name: string) => screen.getByRole('button', { name });
const expanded = (name: string) => header(name).getAttribute('aria-expanded');

describe('SidebarNav', () => {
  it('opens the section of the current page and only one section at a time', async () => {
    storeSession(2);
    renderWithProviders(<SidebarNav />, { path: '/statistics/compare' });

    expect(expanded('Statistics')).toBe('true');
    expect(expanded('Devices')).toBe('false');
    expect(screen.getByRole('link', { name: 'Compare' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Charts' }).getAttribute('aria-current')).toBeNull();

    fireEvent.click(header('Media'));
    await waitFor(() => expect(expanded('Media')).toBe('true'));
    expect(expanded('Statistics')).toBe('false');
    expect(screen.getByRole('link', { name: 'Tracks' }).getAttribute('href')).toBe('/tracks');

    fireEvent.click(header('Company'));
    await waitFor(() => expect(expanded('Company')).toBe('true'));
    expect(expanded('Media')).toBe('false');
    // The closed panel leaves once its collapse ends (a later render under load): wait for it, as for the header.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Tracks' })).toBeNull());

    fireEvent.click(header('Company'));
    await waitFor(() => expect(expanded('Company')).toBe('false'));
  });

  it('lists the spec sections in order, without Directory for other users', () => {
    storeSession(2);
    renderWithProviders(<SidebarNav />, { path: '/devices' });
    const sections = screen.getAllByRole('button').map((button) => button.textContent);
    expect(sections).toEqual(['Devices', 'Campaigns', 'Media', 'Playlists', 'Company', 'Statistics', 'Navigation']);
  });

  it('shows Directory to the administrator (user_id 1)', async () => {
    storeSession(1);
    renderWithProviders(<SidebarNav />, { path: '/directory' });
    expect(expanded('Directory')).toBe('true');
    expect(screen.getByRole('link', { name: 'Directory' }).getAttribute('href')).toBe('/directory');
  });

  it("shows a scoped user only the areas their access may view, and Clients only with edit rights in devices", async () => {
    const links = async (devices: 'view' | 'edit') => {
      storeSession(5);
      const permissions = { devices, media: 'none', playlists: 'none', campaigns: 'view', statistics: 'none', company: 'none' } as const;
      const profile = { id: 5, username: 'op', is_active: true, is_admin: false, date_joined: '2024-01-01T00:00:00.000Z', access: { admin: false, companies: [3], permissions } };
      const view = renderWithProviders(<SidebarNav />, { path: '/devices', session: { loadProfile: () => Promise.resolve(profile) } });
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Media' })).toBeNull());
      const seen = [screen.getAllByRole('button').map((button) => button.textContent), screen.getAllByRole('link').map((link) => link.textContent)];
      view.unmount();
      return seen;
    };
    expect(await links('view')).toEqual([['Devices', 'Campaigns', 'Company', 'Navigation'], ['Devices list', 'Smart groups']]);
    expect(await links('edit')).toEqual([['Devices', 'Campaigns', 'Company', 'Navigation'], ['Devices list', 'Smart groups', 'Clients']]);
  });
});
