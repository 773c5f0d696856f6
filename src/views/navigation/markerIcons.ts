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
    img.onload = () => live && setImage(img);
    img.src = url;
    return () => {
      live = false;
    };
  }, [url]);
  return image;
}

/** Every kind's icon as a loaded image (the canvas draws them once they are in). */
export function useMarkerIcons(): Partial<Record<MarkerKind, HTMLImageElement>> {
  const [icons, setIcons] = useState<Partial<Record<MarkerKind, HTMLImageElement>>>({});
  useEffect(() => {
    let live = true;
    for (const [kind, url] of Object.entries(MARKER_ICON_URLS)) {
      const img = new window.Image(24, 24);
      img.onload = () => live && setIcons((current) => ({ ...current, [kind]: img }));
      img.src = url;
    }
    return () => {
      live = false;
    };
  }, []);
  return icons;
}
