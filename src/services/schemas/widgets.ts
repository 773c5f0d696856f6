import { array, boolean, dynamic, enums, integer, literal, max, min, nullable, number, object, optional, pattern, refine, size, string, type, type Describe, type Infer, type Struct } from 'superstruct';
import { Id } from './common.ts';

/*
 * Widgets in layout zones (issue 38): live content the web player draws itself: a clock, a ticker, a web page, a QR
 * code, a data table of a dataset, and the screen's own map. A zone's content `{kind: "widget", widget, settings}`;
 * the settings are checked here on both sides (the server on every write, the editor before it saves) and stored
 * whole, the defaults filled in, so a committed version says exactly what screens draw. Sizes are in layout pixels.
 */

export const WIDGET_KINDS = ['clock', 'ticker', 'web_page', 'qr_code', 'data_table', 'map'] as const;
export type WidgetKind = (typeof WIDGET_KINDS)[number];

/** `#rrggbb` (stored lower case). */
const Colour = pattern(string(), /^#[0-9a-fA-F]{6}$/);
/** Text size in layout pixels. */
const FontSize = max(min(integer(), 8), 400);
/** An http(s) address of at most 2000 characters. */
const WebAddress = refine(size(string(), 1, 2000), 'url', (value) => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
});

/** How a clock writes the moment (in the screen's office time zone and the screen's language). */
export const CLOCK_FORMATS = ['time', 'time_seconds', 'date', 'date_long', 'weekday_date', 'date_time'] as const;
export const TICKER_DIRECTIONS = ['left', 'right'] as const;

const ClockSettings = object({
  format: optional(enums(CLOCK_FORMATS)),
  hour12: optional(boolean()),
  color: optional(Colour),
  background: optional(nullable(Colour)),
  font_size: optional(FontSize),
});
const TickerSettings = object({
  /** Messages shown in turn (when no dataset is named, at least one). */
  messages: optional(size(array(size(string(), 1, 500)), 0, 50)),
  /** A dataset whose first column (a feed's titles) is shown, its first `items` rows. */
  dataset: optional(nullable(Id)),
  items: optional(max(min(integer(), 1), 50)),
  /** Pixels a second (layout pixels). */
  speed: optional(max(min(integer(), 10), 1000)),
  direction: optional(enums(TICKER_DIRECTIONS)),
  separator: optional(size(string(), 0, 10)),
  color: optional(Colour),
  background: optional(nullable(Colour)),
  font_size: optional(FontSize),
});
const WebPageSettings = object({
  url: WebAddress,
  /** Minutes between reloads (0: never). */
  reload_minutes: optional(max(min(integer(), 0), 1440)),
  zoom: optional(max(min(number(), 0.25), 4)),
});
const QrCodeSettings = object({
  text: size(string(), 1, 1000),
  caption: optional(size(string(), 0, 100)),
  color: optional(Colour),
  background: optional(Colour),
});
const DataTableSettings = object({
  dataset: Id,
  /** The columns shown, by name, in this order (empty: all of them). */
  columns: optional(size(array(size(string(), 1, 100)), 0, 50)),
  rows_per_page: optional(max(min(integer(), 1), 50)),
  /** Seconds each page stays before the next one. */
  page_seconds: optional(max(min(integer(), 3), 600)),
  header_color: optional(Colour),
  header_background: optional(Colour),
  color: optional(Colour),
  background: optional(nullable(Colour)),
  font_size: optional(FontSize),
});
const MapSettings = object({ legend: optional(boolean()) });

export const WIDGET_SETTINGS = {
  clock: ClockSettings,
  ticker: TickerSettings,
  web_page: WebPageSettings,
  qr_code: QrCodeSettings,
  data_table: DataTableSettings,
  map: MapSettings,
} satisfies Record<WidgetKind, Struct<any, any>>;

/** Every setting of each kind once stored (the defaults filled in). */
export interface WidgetSettingsOf {
  clock: { format: (typeof CLOCK_FORMATS)[number]; hour12: boolean; color: string; background: string | null; font_size: number };
  ticker: { messages: string[]; dataset: number | null; items: number; speed: number; direction: (typeof TICKER_DIRECTIONS)[number]; separator: string; color: string; background: string | null; font_size: number };
  web_page: { url: string; reload_minutes: number; zoom: number };
  qr_code: { text: string; caption: string; color: string; background: string };
  data_table: { dataset: number; columns: string[]; rows_per_page: number; page_seconds: number; header_color: string; header_background: string; color: string; background: string | null; font_size: number };
  map: { legend: boolean };
}

export const WIDGET_DEFAULTS: { [K in WidgetKind]: Omit<WidgetSettingsOf[K], 'url' | 'text' | 'dataset'> & Partial<WidgetSettingsOf[K]> } = {
  clock: { format: 'time', hour12: false, color: '#ffffff', background: null, font_size: 64 },
  ticker: { messages: [], dataset: null, items: 10, speed: 120, direction: 'left', separator: ' • ', color: '#ffffff', background: '#000000', font_size: 40 },
  web_page: { reload_minutes: 0, zoom: 1 },
  qr_code: { caption: '', color: '#000000', background: '#ffffff' },
  data_table: { columns: [], rows_per_page: 10, page_seconds: 10, header_color: '#ffffff', header_background: '#333333', color: '#ffffff', background: '#000000', font_size: 32 },
  map: { legend: true },
};

/** A widget as a body sends it: its kind and its settings (any left out take their defaults). */
export const WidgetContentBody = dynamic((value) => {
  const widget = (value as { widget?: unknown } | null)?.widget;
  const kind = (WIDGET_KINDS as readonly unknown[]).includes(widget) ? (widget as WidgetKind) : null;
  return object({ kind: literal('widget'), widget: kind ? literal(kind) : enums(WIDGET_KINDS), settings: kind ? WIDGET_SETTINGS[kind] : object({}) });
}) as unknown as Struct<{ kind: 'widget'; widget: WidgetKind; settings: Record<string, unknown> }, null>;
export type WidgetContentBody = Infer<typeof WidgetContentBody>;

/** A widget as stored and answered: every setting present. */
export type WidgetContent = { [K in WidgetKind]: { kind: 'widget'; widget: K; settings: WidgetSettingsOf[K] } }[WidgetKind];

/** The settings with their defaults, colours lower case. */
export function widgetWithDefaults(body: WidgetContentBody): WidgetContent {
  const settings: Record<string, unknown> = { ...WIDGET_DEFAULTS[body.widget], ...body.settings };
  for (const [key, value] of Object.entries(settings)) if (typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value)) settings[key] = value.toLowerCase();
  return { kind: 'widget', widget: body.widget, settings } as WidgetContent;
}

/** The dataset a widget shows, or null. */
export function widgetDataset(content: { kind: string; widget?: string; settings?: unknown } | null | undefined): number | null {
  if (content?.kind !== 'widget') return null;
  const dataset = (content.settings as { dataset?: unknown } | undefined)?.dataset;
  return typeof dataset === 'number' ? dataset : null;
}

/**
 * Rules beyond each setting's own shape, as `{field: code}` under the zone's content path: a ticker shows messages or
 * a dataset (`settings.messages` = `required`).
 */
export function widgetProblems(content: { widget: WidgetKind; settings: Record<string, unknown> }, at: string): Record<string, string> {
  if (content.widget === 'ticker') {
    const settings = content.settings as Partial<WidgetSettingsOf['ticker']>;
    if (!settings.messages?.length && (settings.dataset ?? null) === null) return { [`${at}.settings.messages`]: 'required' };
  }
  return {};
}

/** POST /widgets/web-page-check/: the address a web page widget would show. */
export const WebPageCheckBody = object({ url: size(string(), 1, 2000) });
/** Whether it may be framed on a screen, and if not why (x_frame_options, frame_ancestors, or a read failure). */
export const WebPageCheck = type({ url: string(), frameable: boolean(), reason: nullable(string()) });
export type WebPageCheck = Infer<typeof WebPageCheck>;
/** GET /player/web-page-check/?url=: the same check as a screen gets it, with when the server made it. */
export const PlayerWebPageCheck = type({ url: string(), frameable: boolean(), reason: nullable(string()), checked_at: string() });
export type PlayerWebPageCheck = Infer<typeof PlayerWebPageCheck>;
/** The reasons that mean the page refuses to be framed (any other reason: the server could not read it, a screen may). */
export const FRAMING_REFUSALS: readonly string[] = ['x_frame_options', 'frame_ancestors'];

export type { Describe };
