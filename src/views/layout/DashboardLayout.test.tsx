import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '../app/router.tsx';
import DashboardLayout from './DashboardLayout.tsx';
import { renderWithProviders, storeSession, type SessionFakes } from '../testing/renderWithProviders.tsx';

type HappyWindow = Window & { happyDOM: { setViewport(viewport: { width: number; height: number }): void } };
const setWidth = (width: number) => (window as unknown as HappyWindow).happyDOM.setViewport({ width, height: 800 });

afterEach(() => setWidth(1024));

function renderLayout(session?: SessionFakes) {
  return renderWithProviders(
    <Routes>
      <Route element={<DashboardLayout />}>
        <Route path="/devices" element={<h1>Devices page</h1>} />
        <Route path="/clients" element={<h1>Clients page</h1>} />
      </Route>
    </Routes>,
    { path: '/devices', session },
  );
}

describe('DashboardLayout', () => {
  it('shows the stored run name, or "unknown name" before the profile arrives', async () => {
    storeSession(1);
    let answer: (profile: { id: number; username: string; is_active: boolean; is_admin: boolean; date_joined: string }) => void = () => {};
    renderLayout({ loadProfile: () => new Promise((resolve) => (answer = resolve)) });
    expect(await screen.findByText('unknown name')).toBeTruthy();
    answer({ id: 1, username: 'operator', is_active: true, is_admin: true, date_joined: '2024-01-01T00:00:00.000Z' });
    expect(await screen.findByText('operator')).toBeTruthy();
  });

  it('switches the language with the "Language" picker', async () => {
    storeSession(1);
    const { i18n } = renderLayout();
    const picker = screen.getByRole('combobox', { name: 'Language' }) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.textContent)).toEqual(['Eng', 'Рус']);
    fireEvent.change(picker, { target: { value: 'ru' } });
    await waitFor(() => expect(i18n.language).toBe('ru'));
  });

  it('signs out from the user menu', async () => {
    storeSession(1);
    const logout = vi.fn(() => Promise.resolve());
    renderLayout({ logout });
    fireEvent.click(screen.getByRole('button', { name: 'User menu' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(logout).toHaveBeenCalledTimes(1));
  });

  it('keeps the sidebar permanent from 960 px and puts it in a drawer below', async () => {
    storeSession(1);
    setWidth(1280);
    renderLayout();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).toBeNull();
  });

  it('opens the drawer from the menu button and closes it after following a link', async () => {
    storeSession(1);
    setWidth(500);
    renderLayout();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const drawer = await screen.findByRole('dialog');
    fireEvent.click(within(drawer).getByRole('link', { name: 'Clients' }));

    expect(await screen.findByRole('heading', { name: 'Clients page' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
