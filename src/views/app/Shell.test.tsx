import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MotionBehaviourProvider } from '@fluentui/react-motion';
import { storeSession, testI18n } from '../testing/renderWithProviders.tsx';

// The full app is a chunk of its own; here it is a stand-in, so that the test sees when the shell loads it.
const app = { loads: 0, fail: false };

/** The modules the shell shares with the app, from the same (reset) module registry as the rendered shell. */
async function handover() {
  const [{ takePendingSignIn }, { loginDraft, clearLoginDraft }] = await Promise.all([
    import('./pendingSignIn.ts'),
    import('../login/loginActions.ts'),
  ]);
  return { takePendingSignIn, loginDraft, clearLoginDraft };
}

async function renderShell() {
  vi.doMock('./App.tsx', async () => {
    app.loads += 1;
    if (app.fail) throw new Error('the network is down');
    return { App: () => <p>the full app</p> };
  });
  const { Shell } = await import('./Shell.tsx');
  return render(
    <MotionBehaviourProvider value="skip">
      <I18nextProvider i18n={testI18n()}>
        <Shell />
      </I18nextProvider>
    </MotionBehaviourProvider>,
  );
}

beforeEach(() => {
  vi.resetModules();
  app.loads = 0;
  app.fail = false;
});

afterEach(async () => {
  const { takePendingSignIn, clearLoginDraft } = await handover();
  clearLoginDraft();
  takePendingSignIn();
});

describe('Shell (the first page)', () => {
  it('shows an anonymous visitor the login screen without loading the app', async () => {
    await renderShell();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.queryByText('the full app')).toBeNull();
    expect(app.loads).toBe(0);
  });

  it('loads the app on submit and hands it the sign-in, keeping what was typed', async () => {
    await renderShell();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Username' }), { target: { value: 'operator' } });
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('the full app')).toBeTruthy();
    expect(app.loads).toBe(1);
    const { takePendingSignIn, loginDraft } = await handover();
    expect(takePendingSignIn()).toEqual({ username: 'operator', password: 'secret', remember: false });
    expect(loginDraft).toEqual({ username: 'operator', password: 'secret', remember: false });
  });

  it('does not load the app for an incomplete form', async () => {
    await renderShell();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(2);
    expect(app.loads).toBe(0);
  });

  it('loads the app at once when a session is stored', async () => {
    storeSession(2);
    await renderShell();
    expect(await screen.findByText('the full app')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });

  it('says "Loading chunk failed" and offers a reload when the app does not arrive', async () => {
    app.fail = true;
    storeSession(2);
    await renderShell();
    expect(await screen.findByText('Loading chunk failed')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
