import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { I18nProvider } from '../../i18n.ts';
import { renderWithProviders, testI18n } from '../testing/renderWithProviders.tsx';
import { ListStates } from './ListStates.tsx';
import enGroups from '../../../locales/en/groups.json';
import enUsers from '../../../locales/en/users.json';

const i18n = testI18n();
i18n.addResourceBundle('en', 'users', enUsers);
i18n.addResourceBundle('en', 'groups', enGroups);

function renderError(ns: 'users' | 'groups', error: string) {
  renderWithProviders(
    <I18nProvider i18n={i18n}>
      <ListStates ns={ns} status="error" error={error} empty={false} onRetry={() => {}}>
        <p>rows</p>
      </ListStates>
    </I18nProvider>,
  );
  return (screen.getByRole('alert').firstChild?.textContent ?? '');
}

describe('ListStates', () => {
  it('says the list could not load, not that saving failed, for a server failure', () => {
    const text = renderError('users', 'server_error');
    expect(text).toContain('Cannot load users');
    expect(text).not.toMatch(/saving/i);
  });

  it('names a network failure after the load message', () => {
    const text = renderError('groups', 'network_error');
    expect(text).toMatch(/^Cannot load groups: .+/);
    expect(text).not.toMatch(/saving/i);
  });
});
