import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { I18nProvider } from '../../i18n.ts';
import { renderWithProviders, testI18n } from '../testing/renderWithProviders.tsx';
import { DeviceNowPlaying } from './DevicePlaybackReports.tsx';
import type { DevicePlayback } from '../../services/playback.service.ts';
import enDevices from '../../../locales/en/devices.json';
import ruDevices from '../../../locales/ru/devices.json';

const i18n = testI18n();
i18n.addResourceBundle('en', 'devices', enDevices);
i18n.addResourceBundle('ru', 'devices', ruDevices);

const at = '2031-03-04T10:20:00.000Z';
/** A layout item as GET /tvpi/devices/{id}/playback/ answers it (issue 36): a zone with a fallback, one with a widget. */
const playing: NonNullable<DevicePlayback['now_playing']> = {
  event: 3,
  media: 11,
  name: 'Side clip',
  started_at: at,
  reported_at: at,
  preview: null,
  rendition: { kind: 'fallback', name: null, size: '320x240' },
  layout: { id: 5, version: 12, name: 'Lobby wall' },
  zones: [
    { id: 7, name: 'Main', media: 10, media_name: 'Still', started_at: at, rendition: { kind: 'source', name: null, size: null } },
    { id: 8, name: 'Side', media: 11, media_name: 'Side clip', started_at: at, rendition: { kind: 'fallback', name: null, size: '320x240' } },
    { id: 9, name: 'Clock', media: null, media_name: null, started_at: at, rendition: null },
  ],
};

async function show(language: 'en' | 'ru') {
  await i18n.changeLanguage(language);
  renderWithProviders(
    <I18nProvider i18n={i18n}>
      <DeviceNowPlaying nowPlaying={playing} />
    </I18nProvider>,
  );
  return screen.getByTestId('device-now-playing-layout');
}

describe('DeviceNowPlaying of a layout', () => {
  it('names the layout and its version, then each zone with its file and rendition', async () => {
    const layout = await show('en');
    expect(within(layout).getByRole('link', { name: 'Lobby wall' }).getAttribute('href')).toBe('/layouts/5');
    expect(layout.textContent).toContain('version 12');
    const zones = within(layout).getAllByRole('listitem');
    expect(zones.map((zone) => zone.querySelector('span')?.textContent)).toEqual(['Main', 'Side', 'Clock']);
    expect(within(zones[0]!).getByRole('link', { name: 'Still' }).getAttribute('href')).toBe('/media/10');
    expect(zones[0]!.textContent).toContain('File: as uploaded');
    expect(zones[1]!.textContent).toContain('320 × 240');
    expect(zones[2]!.textContent).toContain('No file');
  });

  it('names each widget of a layout of widgets alone, which plays no file (issue 38)', async () => {
    await i18n.changeLanguage('ru');
    const widgets = { ...playing, media: null, name: null, rendition: null, zones: [{ id: 9, name: 'Clock', media: null, media_name: null, started_at: at, rendition: null, widget: 'clock' }] };
    renderWithProviders(
      <I18nProvider i18n={i18n}>
        <DeviceNowPlaying nowPlaying={widgets} />
      </I18nProvider>,
    );
    const zone = within(screen.getByTestId('device-now-playing-layout')).getByRole('listitem');
    expect(zone.querySelector('[data-field="playback-zone-widget"]')?.textContent).toBe('Виджет: Часы');
    expect(screen.queryByRole('link', { name: /Side clip/ })).toBeNull();
    await i18n.changeLanguage('en');
  });

  it('speaks Russian', async () => {
    const layout = await show('ru');
    expect(layout.textContent).toContain('версия 12');
    expect(within(layout).getByRole('list').getAttribute('aria-label')).toBe('Зоны макета Lobby wall');
    await i18n.changeLanguage('en');
  });
});
