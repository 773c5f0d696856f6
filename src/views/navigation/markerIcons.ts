import { useEffect, useState } from 'react';
import type { MarkerKind } from '../../services/schemas/navigation.ts';

/** The icons of the marker kinds, shipped with the app (no CDN). Their text alternative is `navigation:kinds.<kind>`. */
export const MARKER_ICON_URLS: Record<MarkerKind, string> = {
  device: new URL('../../assets/navigation/device.svg', import.meta.url).href,
  none: new URL('../../assets/navigation/none.svg', import.meta.url).href,
  toilet: new URL('../../assets/navigation/toilet.svg', import.meta.url).href,
  atm: new URL('../../assets/navigation/atm.svg', import.meta.url).href,
  mother_care_room: new URL('../../assets/navigation/mother_care_room.svg', import.meta.url).href,
  disabled_room: new URL('../../assets/navigation/disabled_room.svg', import.meta.url).href,
};

/** Loads an image (an icon or a layout object URL) for the canvas; null until it has loaded. */
export function useCanvasImage(url: string | null): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    setImage(null);
    if (!url) return undefined;
    const img = new window.Image();
    let live = true;
    img.src = url;
    // Decoded off the main thread before the stage gets it, so its first draw does not decode a large layout.
    img
      .decode()
      .catch(() => new Promise((resolve) => (img.complete ? resolve(null) : (img.onload = resolve))))
      .then(() => live && img.naturalWidth > 0 && setImage(img))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [url]);
  return image;
}

type IconSet = Partial<Record<MarkerKind, HTMLImageElement>>;

/** One shared image per kind, loaded (and decoded) once when the navigation screens' code loads, not per stage. */
let loadedIcons: IconSet = {};
const iconListeners = new Set<(icons: IconSet) => void>();
function loadIcons(): void {
  for (const [kind, url] of Object.entries(MARKER_ICON_URLS)) {
    const img = new window.Image(24, 24);
    img.src = url;
    img
      .decode()
      .catch(() => undefined)
      .then(() => {
        if (!img.complete || img.naturalWidth === 0) return;
        loadedIcons = { ...loadedIcons, [kind]: img };
        for (const listener of iconListeners) listener(loadedIcons);
      });
  }
}
if (typeof window !== 'undefined' && typeof window.Image === 'function') loadIcons();

/** Every kind's icon as a loaded image (the canvas draws them once they are in). */
export function useMarkerIcons(): IconSet {
  const [icons, setIcons] = useState<IconSet>(loadedIcons);
  useEffect(() => {
    iconListeners.add(setIcons);
    setIcons(loadedIcons);
    return () => {
      iconListeners.delete(setIcons);
    };
  }, []);
  return icons;
}
