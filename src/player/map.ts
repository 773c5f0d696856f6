import { fitBox, FULL_SCREEN, mapArea, type KeptMap, type MarkerKind, type Rect } from '../services/player/navigation.ts';
import { t } from './i18n.ts';

/*
 * The screen's map (navigation): the layout image in the largest strip beside the content's placeholder, "you are
 * here" at the device's position, the markers with their kind's icon (the panel's SVGs, shipped in the bundle) and
 * the comment under the map. Plain DOM, laid out again when the screen's size changes.
 */

/** The icons of the marker kinds: the same files the panel draws on its canvas. */
const ICONS: Record<MarkerKind, string> = {
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
    this.url = kept.layout ? URL.createObjectURL(kept.layout) : null;
    if (this.url) this.layout.src = this.url;
    else this.layout.removeAttribute('src');
    this.layout.alt = t('map.layout', { name: map.object?.name ?? '' });
    const own = this.ownDevice();
    for (const marker of map.markers) {
      // The screen's own marker is the "you are here" below.
      if (marker.kind === 'device' && marker.device !== null && marker.device === own) continue;
      const icon = document.createElement('img');
      icon.className = 'map-marker';
      icon.src = ICONS[marker.kind];
      const kind = t(`map.kinds.${marker.kind}`);
      icon.alt = marker.description ? t('map.marker', { kind, description: marker.description }) : kind;
      icon.style.backgroundColor = marker.color;
      icon.style.left = percent(marker.x);
      icon.style.top = percent(marker.y);
      this.frame.append(icon);
    }
    const here = document.createElement('div');
    here.className = 'map-here';
    here.style.left = percent(map.position.x);
    here.style.top = percent(map.position.y);
    const label = document.createElement('span');
    label.textContent = t('map.youAreHere');
    here.append(label);
    this.frame.append(here);
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
