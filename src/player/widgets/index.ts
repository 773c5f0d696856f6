import { WIDGET_DEFAULTS, WIDGET_KINDS, type WidgetKind } from '../../services/schemas/widgets.ts';
import { language } from '../i18n.ts';
import { renderClock } from './clock.ts';
import { renderDataTable } from './dataTable.ts';
import { renderMapWidget } from './map.ts';
import { renderQrCode } from './qrCode.ts';
import { renderTicker } from './ticker.ts';
import type { DatasetTable, WidgetData, WidgetEnv, WidgetHandle, WidgetSpec } from './types.ts';
import { renderWebPage } from './webPage.ts';

export type { DatasetTable, WidgetData, WidgetEnv, WidgetHandle, WidgetSpec } from './types.ts';

/*
 * The widgets of layout zones (issue 38), drawn by the web player itself in plain DOM (no third-party script at run time):
 * one module each. `renderWidget` draws one into an element (a layout zone, or the panel's live preview) and answers a
 * handle that updates, resizes and tears it down.
 */

const record = (value: unknown): Record<string, unknown> | null => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/**
 * A zone's `widget` from dev2 (`{kind, settings, data}`) as a WidgetSpec, or null for anything not a widget of a known
 * kind. Settings left out take their defaults (the server sends them all; an older server may not).
 */
export function parseWidget(value: unknown): WidgetSpec | null {
  const widget = record(value);
  if (!widget || !(WIDGET_KINDS as readonly unknown[]).includes(widget.kind)) return null;
  const kind = widget.kind as WidgetKind;
  const data = record(widget.data);
  return {
    kind,
    settings: { ...WIDGET_DEFAULTS[kind], ...record(widget.settings) },
    data: data && typeof data.id === 'number' && typeof data.url === 'string' && typeof data.checksum === 'string' ? { id: data.id, url: data.url, version: typeof data.version === 'number' ? data.version : 0, checksum: data.checksum } : null,
  } as WidgetSpec;
}

/** Where a widget is drawn outside a screen (the panel's preview): the browser's time zone, no map, no kept data. */
export function defaultWidgetEnv(overrides: Partial<WidgetEnv> = {}): WidgetEnv {
  return {
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    language,
    scale: () => 1,
    dataset: async () => null,
    framing: async () => null,
    map: () => null,
    ownDevice: () => null,
    online: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    ...overrides,
  };
}

/** Draws `widget` into `element` (positioned: the widget fills it). */
export function renderWidget(element: HTMLElement, widget: WidgetSpec, env: WidgetEnv = defaultWidgetEnv()): WidgetHandle {
  switch (widget.kind) {
    case 'clock':
      return renderClock(element, widget, env);
    case 'ticker':
      return renderTicker(element, widget, env);
    case 'qr_code':
      return renderQrCode(element, widget, env);
    case 'data_table':
      return renderDataTable(element, widget, env);
    case 'web_page':
      return renderWebPage(element, widget, env);
    case 'map':
      return renderMapWidget(element, widget, env);
  }
}

/** The table a widget's `data` names, as a screen keeps it (see datasets.ts): the shape a panel's preview passes too. */
export type DatasetReader = (data: WidgetData) => Promise<DatasetTable | null>;
