import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../testing/renderWithProviders.tsx';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog.tsx';
import { ErrorBoundary, failureMessageKey } from './ErrorBoundary.tsx';
import { errorMessageKey } from './errorMessageKey.ts';
import { ChunkLoadError, withChunkTimeout } from './lazyScreen.ts';
import { PreflightDialog } from './PreflightDialog.tsx';
import { AppToaster, useNotify } from './notify.tsx';
import { usePageTitle } from './usePageTitle.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('errorMessageKey', () => {
  it('maps API error codes to common keys and anything else to the generic message', () => {
    expect(['validation_error', 'network_error', 'timeout', 'forbidden', 'not_found', 'server_error', 'nonsense', null].map(errorMessageKey)).toEqual([
      'errors.validation_error',
      'errors.network_error',
      'errors.timeout',
      'errors.forbidden',
      'errors.not_found',
      'errors.server_error',
      'errors.generic',
      'errors.generic',
    ]);
  });
});

describe('withChunkTimeout', () => {
  it('rejects with a script ChunkLoadError when the chunk does not arrive in time', async () => {
    vi.useFakeTimers();
    const loading = withChunkTimeout(new Promise(() => {}), 120000);
    let settled = false;
    const outcome = loading.then(
      () => 'loaded',
      (error: unknown) => error,
    );
    void outcome.finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(119999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).code).toBe('CHUNK_LOAD_FAILED');
  });

  it('passes a loaded module through and classifies a failed style sheet', async () => {
    await expect(withChunkTimeout(Promise.resolve('module'))).resolves.toBe('module');
    const link = document.createElement('link');
    const event = new Event('error');
    link.dispatchEvent(event);
    const error = await withChunkTimeout(Promise.reject(event)).catch((reason: unknown) => reason);
    expect((error as ChunkLoadError).code).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(failureMessageKey(error)).toBe('chunk.cssLoadFailed');
  });
});

function Broken({ error }: { error: unknown }): never {
  throw error;
}

describe('ErrorBoundary', () => {
  it.each([
    [new ChunkLoadError('script', 'offline'), 'Loading chunk failed'],
    [new ChunkLoadError('style', 'offline'), 'Loading CSS chunk failed (CSS_CHUNK_LOAD_FAILED)'],
    [new Error('render bug'), 'Oops. Something went wrong. Try to reload page'],
  ])('shows the translated reason and a Reload button', async (error, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(
      <ErrorBoundary>
        <Broken error={error} />
      </ErrorBoundary>,
    );
    expect((await screen.findByRole('alert')).textContent).toContain(message);
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});

function DeleteHarness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span>{open ? 'dialog open' : 'dialog closed'}</span>
      <ConfirmDeleteDialog open={open} onConfirm={onConfirm} onCancel={() => setOpen(false)} />
    </>
  );
}

describe('ConfirmDeleteDialog', () => {
  // The dialog is a lazy chunk: its module is transformed here first, so that findByRole's wait is the dialog's own.
  beforeAll(() => import('./ConfirmDeleteDialogSurface.tsx'));

  it('asks the spec question and confirms', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(<DeleteHarness onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Are you sure you want to delete? The delete operation cannot be undone!');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('cancels with Escape', async () => {
    const onConfirm = vi.fn();
    renderWithProviders(<DeleteHarness onConfirm={onConfirm} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(await screen.findByText('dialog closed')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});

describe('PreflightDialog', () => {
  const texts = { title: 'Publish with warnings?', intro: 'Some screens cannot play everything.', failedText: 'Could not check.', confirmLabel: 'Publish anyway' };
  const twelve = Array.from({ length: 10 }, (_, i) => `Hall ${i + 1}`);

  it('names each file in words with the screens the server named and counts the rest; confirms', async () => {
    const onConfirm = vi.fn();
    const warnings = [
      { media: 3, name: 'Broken.mp4', devices: 12, reason: 'decode_failed' as const, screens: twelve },
      { media: 4, name: 'Promo.mp4', devices: 1, reason: 'rendering' as const, screens: ['Lobby'] },
    ];
    renderWithProviders(<PreflightDialog preflight={{ warnings, failed: false }} {...texts} onConfirm={onConfirm} onCancel={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Publish with warnings?' });
    expect([...dialog.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      `“Broken.mp4” failed to decode on all 12 screens that play it: check the fileScreens: ${twelve.join(', ')} and 2 more screens`,
      '1 screen cannot play “Promo.mp4” yet: converting itScreens: Lobby',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Publish anyway' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('says when a file expired or expires, with its date in the language shown (issue 42)', async () => {
    const until = '2027-06-01T16:00:00.000Z';
    const warnings = [
      { media: 5, name: 'Spring menu', devices: 1, reason: 'expired' as const, until, screens: ['Lobby'] },
      { media: 6, name: 'Summer menu', devices: 3, reason: 'expires' as const, until, screens: ['Lobby', 'Hall', 'Door'] },
    ];
    renderWithProviders(<PreflightDialog preflight={{ warnings, failed: false }} {...texts} onConfirm={() => {}} onCancel={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Publish with warnings?' });
    const date = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(until));
    expect([...dialog.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      `“Spring menu” expired on ${date}: its 1 screen does not play itScreens: Lobby`,
      `“Summer menu” expires on ${date}, before an event that shows it on 3 screens endsScreens: Lobby, Hall, Door`,
    ]);
  });

  it('says when the check failed, lists nothing, and cancels with Escape', async () => {
    const onCancel = vi.fn();
    renderWithProviders(<PreflightDialog preflight={{ warnings: [], failed: true }} {...texts} onConfirm={() => {}} onCancel={onCancel} />);
    const dialog = await screen.findByRole('dialog', { name: 'Publish with warnings?' });
    expect(dialog.textContent).toContain('Could not check.');
    expect(dialog.querySelector('ul')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});

function Titled({ titleKey }: { titleKey: string }) {
  usePageTitle(titleKey);
  return null;
}

describe('usePageTitle', () => {
  it('follows the "%s - Vitrine" template, with namespaced keys', async () => {
    renderWithProviders(<Titled titleKey="screens:titles.media" />);
    await waitFor(() => expect(document.title).toBe('Media - Vitrine'));
  });
});

function NotifyButton() {
  const notify = useNotify();
  return <button onClick={() => notify('Successfully added', 'success')}>notify</button>;
}

describe('useNotify', () => {
  it('loads the toaster on the first toast and shows the message', async () => {
    renderWithProviders(
      <>
        <AppToaster />
        <NotifyButton />
      </>,
    );
    expect(screen.queryByText('Successfully added')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'notify' }));
    expect(await screen.findByText('Successfully added')).toBeTruthy();
  });
});
