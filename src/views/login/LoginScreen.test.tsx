import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SessionLoginScreen as LoginScreen } from '../app/SessionLoginScreen.tsx';
import { renderWithProviders } from '../testing/renderWithProviders.tsx';
import { clearLoginDraft, loginDraft } from './loginActions.ts';

// What was typed outlives the component on purpose (the shell hands over to the app); each test starts empty.
afterEach(clearLoginDraft);

const usernameField = () => screen.getByRole('textbox', { name: 'Username' });
const passwordField = () => screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;

describe('LoginScreen', () => {
  it('shows a required message per empty field and keeps what was typed', async () => {
    const obtainTokens = vi.fn();
    renderWithProviders(<LoginScreen />, { path: '/login', session: { obtainTokens } });

    fireEvent.change(usernameField(), { target: { value: 'operator' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(passwordField().getAttribute('aria-invalid')).toBe('true');
    expect(usernameField().getAttribute('aria-invalid')).not.toBe('true');
    expect((usernameField() as HTMLInputElement).value).toBe('operator');
    expect(obtainTokens).not.toHaveBeenCalled();

    fireEvent.change(passwordField(), { target: { value: 'secret' } });
    expect(screen.queryByText('This field is required')).toBeNull();
  });

  it('treats blank input as missing', async () => {
    renderWithProviders(<LoginScreen />, { path: '/login' });
    fireEvent.change(usernameField(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
  });

  it('sends the credentials and disables the button while signing in', async () => {
    const obtainTokens = vi.fn(() => new Promise<never>(() => {}));
    renderWithProviders(<LoginScreen />, { path: '/login', session: { obtainTokens } });

    fireEvent.change(usernameField(), { target: { value: 'admin' } });
    fireEvent.change(passwordField(), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(obtainTokens).toHaveBeenCalledWith({ username: 'admin', password: 'secret' }));
    await waitFor(() => expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('keeps the typed values after a refused sign-in', async () => {
    const obtainTokens = vi.fn(() => Promise.resolve({ ok: false as const, reason: 'invalidCredentials' as const }));
    renderWithProviders(<LoginScreen />, { path: '/login', session: { obtainTokens } });

    fireEvent.change(usernameField(), { target: { value: 'admin' } });
    fireEvent.change(passwordField(), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(false));
    expect(obtainTokens).toHaveBeenCalledTimes(1);
    expect((usernameField() as HTMLInputElement).value).toBe('admin');
    expect(passwordField().value).toBe('wrong');
  });

  it('shows and hides the password', () => {
    renderWithProviders(<LoginScreen />, { path: '/login' });
    expect(passwordField().type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(passwordField().type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(passwordField().type).toBe('password');
  });

  it('marks both fields required and has "Remember me" checked by default', () => {
    renderWithProviders(<LoginScreen />, { path: '/login' });
    expect([(usernameField() as HTMLInputElement).required, passwordField().required]).toEqual([true, true]);
    expect((screen.getByRole('checkbox', { name: 'Remember me' }) as HTMLInputElement).checked).toBe(true);
  });

  it('puts the cursor in the username field, or in the password field when a username was handed over', () => {
    const first = renderWithProviders(<LoginScreen />, { path: '/login' });
    expect(document.activeElement).toBe(usernameField());
    first.unmount();

    loginDraft.username = 'operator';
    renderWithProviders(<LoginScreen />, { path: '/login' });
    expect((usernameField() as HTMLInputElement).value).toBe('operator');
    expect(document.activeElement).toBe(passwordField());
  });
});
