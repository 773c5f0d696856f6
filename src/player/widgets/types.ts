import type { KeptMap } from '../../services/player/navigation.ts';
import type { WidgetKind, WidgetSettingsOf } from '../../services/schemas/widgets.ts';

/*
 * What a widget zone carries in dev2 (docs/api.md "Layouts on the screens"): its kind, every setting (the server fills
 * the defaults in) and the dataset it shows as the server last read it.
 */

/** The dataset a widget shows: `url` is the player's read (`GET /player/datasets/{id}/?v=…`). */
export interface WidgetData {
  id: number;
  url: string;
  version: number;
  checksum: string;
}

export type WidgetSpec = { [K in WidgetKind]: { kind: K; settings: WidgetSettingsOf[K]; data: WidgetData | null } }[WidgetKind];

/** A dataset's table as `GET /player/datasets/{id}/` answers it. */
export interface DatasetTable {
  id: number;
  version: number;
  checksum: string;
  columns: { name: string }[];
  rows: (string | number | null)[][];
}

/** What a widget needs from where it is drawn (the web player, or the panel's preview). */
export interface WidgetEnv {
  /** The screen's office time zone (dev2's `timezone`). */
  timezone: string;
  /** The screen's language. */
  language: string;
  /** CSS pixels per layout pixel (the layout's scale on this screen). */
  scale(): number;
  /**
   * The table of `data`: the kept copy when its checksum matches (offline too), else read and kept; the last kept copy
   * when the read fails; null when none was ever read.
   */
  dataset(data: WidgetData): Promise<DatasetTable | null>;
  /** The screen's kept navigation map, or null. */
  map(): KeptMap | null;
  /** The screen's own device id (its marker is "you are here"). */
  ownDevice(): number | null;
  /**
   * Whether a web page's address may be framed, as the server checked it (`{frameable, reason}`), or null when it cannot
   * say: a browser does not tell that a page refused its frame.
   */
  framing(url: string): Promise<{ frameable: boolean; reason: string | null } | null>;
  /** Whether the screen is online (a web page is not tried offline). */
  online(): boolean;
}

/** A widget drawn in an element. */
export interface WidgetHandle {
  readonly kind: WidgetKind;
  /** The zone's new data (a new dataset checksum through the live channel) or the kept map changed: draw it. */
  update(spec: WidgetSpec): void;
  /** The zone's size changed. */
  resize(): void;
  /** Stops every timer, animation and frame, revokes its object URLs and empties the element. */
  dispose(): void;
  /** performance.now() when its first content was painted (resolved once). */
  readonly painted: Promise<number>;
}

/** Resolves at the next frame that follows the DOM change made now (the content painted), or at once without frames. */
export function nextPaint(): Promise<number> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') return resolve(performance.now());
    requestAnimationFrame(() => resolve(performance.now()));
  });
}

/**
 * Shrinks `element`'s font from `size` CSS px until its text fits its box (it never overflows the zone; a box without
 * layout, as in a test's DOM, keeps `size`).
 */
export function fitFont(element: HTMLElement, size: number, box: HTMLElement = element): number {
  let font = Math.max(4, size);
  element.style.fontSize = `${font}px`;
  for (let step = 0; step < 30 && font > 4 && (box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1); step++) {
    font = Math.max(4, font * 0.88);
    element.style.fontSize = `${font}px`;
  }
  return font;
}

/** The widget's root: fills the zone, clips what does not fit. */
export function widgetRoot(element: HTMLElement, kind: WidgetKind, background: string | null): HTMLDivElement {
  const root = document.createElement('div');
  root.className = `widget widget-${kind}`;
  root.dataset.widget = kind;
  Object.assign(root.style, { position: 'absolute', inset: '0', overflow: 'hidden', boxSizing: 'border-box', background: background ?? 'transparent' });
  element.append(root);
  return root;
}
