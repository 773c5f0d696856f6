import { fitBox, FULL_SCREEN, mapArea, type KeptMap, type MarkerKind, type Rect } from '../services/player/navigation.ts';
import { t } from './i18n.ts';

/*
 * The screen's map (navigation): the layout image in the largest strip beside the content's placeholder, "you are
 * here" at the device's position, the markers with their kind's icon (the panel's SVGs, shipped in the bundle) and
 * the comment under the map. Plain DOM, laid out again when the screen's size changes.
 */

/** The icons of the marker kinds: the same files the panel draws on its canvas. */
export const MARKER_ICONS: Record<MarkerKind, string> = {
  device: new URL('../assets/navigation/device.svg', import.meta.url).href,
  none: new URL('../assets/navigation/none.svg', import.meta.url).href,
  toilet: new URL('../assets/navigation/toilet.svg', import.meta.url).href,
  atm: new URL('../assets/navigation/atm.svg', import.meta.url).href,
  mother_care_room: new URL('../assets/navigation/mother_care_room.svg', import.meta.url).href,
  disabled_room: new URL('../assets/navigation/disabled_room.svg', import.meta.url).href,
};

const percent = (value: number) => `${(value * 100).toFixed(3)}%`;

/** Puts `element` on `rect` (fractions of its positioned parent). */
export function place(element: HTMLElement, rect: Rect): void {
  element.style.left = percent(rect.x);
  element.style.top = percent(rect.y);
  element.style.width = percent(rect.width);
  element.style.height = percent(rect.height);
}

/**
 * Draws `kept`'s layout image into `layout` (an object URL, returned: the caller revokes it), then its markers and "you
 * are here" into `frame` (positioned by fractions: `frame` has the layout image's proportions). The screen's own device
 * marker is the "you are here" (`own`). `size`, when given, sizes the markers in CSS pixels with inline styles (a layout
 * zone's map widget, drawn also where player.css is not loaded).
 */
export function drawMapFrame(frame: HTMLElement, layout: HTMLImageElement, kept: KeptMap, own: number | null, size?: number): string | null {
  const { map } = kept;
  const url = kept.layout ? URL.createObjectURL(kept.layout) : null;
  if (url) layout.src = url;
  else layout.removeAttribute('src');
  layout.alt = t('map.layout', { name: map.object?.name ?? '' });
  for (const marker of map.markers) {
    // The screen's own marker is the "you are here" below.
    if (marker.kind === 'device' && marker.device !== null && marker.device === own) continue;
    const icon = document.createElement('img');
    icon.className = 'map-marker';
    icon.src = MARKER_ICONS[marker.kind];
    const kind = t(`map.kinds.${marker.kind}`);
    icon.alt = marker.description ? t('map.marker', { kind, description: marker.description }) : kind;
    icon.style.backgroundColor = marker.color;
    icon.style.left = percent(marker.x);
    icon.style.top = percent(marker.y);
    if (size) Object.assign(icon.style, { position: 'absolute', width: `${size}px`, height: `${size}px`, padding: `${size * 0.15}px`, boxSizing: 'border-box', borderRadius: '50%', transform: 'translate(-50%, -50%)', boxShadow: `0 0 0 ${Math.max(1, size * 0.08)}px #fff` });
    frame.append(icon);
  }
  const here = document.createElement('div');
  here.className = 'map-here';
  here.style.left = percent(map.position.x);
  here.style.top = percent(map.position.y);
  const label = document.createElement('span');
  label.textContent = t('map.youAreHere');
  here.append(label);
  if (size) {
    Object.assign(here.style, { position: 'absolute', width: `${size * 0.75}px`, height: `${size * 0.75}px`, borderRadius: '50%', background: '#d13438', boxShadow: `0 0 0 ${Math.max(1, size * 0.12)}px #fff`, transform: 'translate(-50%, -50%)' });
    Object.assign(label.style, { position: 'absolute', left: '50%', bottom: '130%', transform: 'translateX(-50%)', whiteSpace: 'nowrap', padding: `${size * 0.1}px ${size * 0.3}px`, borderRadius: `${size * 0.2}px`, background: '#a4262c', color: '#fff', fontSize: `${size * 0.6}px`, fontWeight: '600' });
  }
  frame.append(here);
  return url;
}

export class MapView {
  readonly root = document.createElement('section');
  private readonly frame = document.createElement('div');
  private readonly layout = document.createElement('img');
  private readonly comment = document.createElement('p');
  private url: string | null = null;
  private shown: KeptMap | null = null;

  constructor(
    host: HTMLElement,
    private readonly ownDevice: () => number | null,
  ) {
    this.root.className = 'map';
    this.root.hidden = true;
    this.frame.className = 'map-frame';
    this.layout.className = 'map-layout';
    this.comment.className = 'map-comment';
    this.frame.append(this.layout);
    this.root.append(this.frame, this.comment);
    host.prepend(this.root);
    new ResizeObserver(() => this.arrange()).observe(host);
  }

  /** Shows `kept` (a map with a layout), or hides the map when null. Answers the content's rectangle. */
  show(kept: KeptMap | null): Rect {
    if (kept !== this.shown) {
      this.shown = kept;
      this.draw();
    }
    this.root.hidden = kept === null;
    this.arrange();
    return kept ? kept.map.placeholder : FULL_SCREEN;
  }

  private draw(): void {
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = null;
    this.frame.replaceChildren(this.layout);
    const kept = this.shown;
    if (!kept) {
      this.layout.removeAttribute('src');
      return;
    }
    const { map } = kept;
    this.root.setAttribute('aria-label', t('map.label', { name: map.object?.name ?? '' }));
    this.url = drawMapFrame(this.frame, this.layout, kept, this.ownDevice());
    this.comment.textContent = map.comment;
    this.comment.hidden = !map.comment;
  }

  /** Fits the layout into the strip beside the placeholder, keeping its proportions, the comment under it. */
  private arrange(): void {
    const kept = this.shown;
    const host = this.root.parentElement;
    if (!kept?.map.object || !host || this.root.hidden) return;
    const width = host.clientWidth || innerWidth;
    const height = host.clientHeight || innerHeight;
    const area = mapArea(kept.map.placeholder, width, height);
    place(this.root, area);
    const pad = Math.min(width, height) * 0.02;
    const commentHeight = this.comment.hidden ? 0 : this.comment.offsetHeight + pad;
    const box = fitBox(kept.map.object.width, kept.map.object.height, {
      x: pad,
      y: pad,
      width: Math.max(1, area.width * width - 2 * pad),
      height: Math.max(1, area.height * height - 2 * pad - commentHeight),
    });
    Object.assign(this.frame.style, { left: `${box.x}px`, top: `${box.y}px`, width: `${box.width}px`, height: `${box.height}px` });
  }
}
