import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { SessionLoginScreen as LoginScreen } from '../app/SessionLoginScreen.tsx';
import { renderWithProviders } from '../testing/renderWithProviders.tsx';
import { clearLoginDraft, loginDraft } from './loginActions.ts';
import { forgetSsoStatus } from '../../services/ssoStatus.ts';

// What was typed outlives the component on purpose (the shell hands over to the app); each test starts empty.
afterEach(clearLoginDraft);

// GET /auth/oidc/ (single sign-on, issue 40): off unless a test says otherwise.
let sso: { enabled: boolean; name: string | null } = { enabled: false, name: null };
beforeEach(() => {
  sso = { enabled: false, name: null };
  forgetSsoStatus();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) =>
    String(input).endsWith('/auth/oidc/') ? new Response(JSON.stringify(sso), { headers: { 'content-type': 'application/json' } }) : new Response(null, { status: 404 }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const usernameField = () => screen.getByRole('textbox', { name: 'Username' });
const passwordField = () => screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;

describe('LoginScreen', () => {
  it('offers "Sign in with <name>" when the server has single sign-on, a link to its start with the page to land on', async () => {
    sso = { enabled: true, name: 'Contoso ID' };
    renderWithProviders(<LoginScreen />, { path: '/login' });
    const link = await screen.findByRole('link', { name: 'Sign in with Contoso ID' });
    expect(link.getAttribute('href')).toBe('/api/v1/auth/oidc/start/?next=%2Fdevices');
  });

  it('offers no single sign-on when the server has none', async () => {
    renderWithProviders(<LoginScreen />, { path: '/login' });
    await screen.findByRole('button', { name: 'Sign in' });
    await Promise.resolve();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

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

  it('asks a user with two-factor codes for a code: a refusal keeps what was typed, a recovery code can be used, Back returns to the password', async () => {
    const obtainTokens = vi.fn(() => Promise.resolve({ ok: 'challenge' as const, challenge: 'C-1' }));
    const obtainSecondFactor = vi.fn(() => Promise.resolve({ ok: false as const, reason: 'invalidCode' as const }));
    renderWithProviders(<LoginScreen />, { path: '/login', session: { obtainTokens, obtainSecondFactor } });
    fireEvent.change(usernameField(), { target: { value: 'admin' } });
    fireEvent.change(passwordField(), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = (await screen.findByRole('textbox', { name: 'Code' })) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(code));
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.submit(code.form!);
    expect(await screen.findByText('The code is not right, or was already used.')).toBeTruthy();
    expect(obtainSecondFactor).toHaveBeenCalledWith({ challenge: 'C-1', code: '123456' });
    expect((screen.getByRole('textbox', { name: 'Code' }) as HTMLInputElement).value).toBe('123456');

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const recovery = screen.getByRole('textbox', { name: 'Recovery code' }) as HTMLInputElement;
    fireEvent.change(recovery, { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(obtainSecondFactor).toHaveBeenLastCalledWith({ challenge: 'C-1', code: 'abcde-fghjk' }));

    await waitFor(() => expect((screen.getByRole('button', { name: 'Back' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(((await screen.findByRole('textbox', { name: 'Username' })) as HTMLInputElement).value).toBe('admin');
  });
});
