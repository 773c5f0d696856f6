/*
 * SCREENSHOT (issue 25): what the screen shows, drawn onto a canvas and encoded as a JPEG. The pictures on the page are
 * drawn in page order where they are, as the page shows them (object-fit contain, as the stage and the map lay them
 * out): the map's layout and markers under the content, then the visible stage layer's image or video frame. Every
 * picture is a blob URL of a kept file or a same-origin icon, so the canvas stays readable (no cross-origin taint).
 */

/** Screenshots are at most this wide (a 1920 px screen is scaled down): about 100-300 KB at this quality. */
const MAX_WIDTH = 1280;
const QUALITY = 0.8;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where a picture of `natural` size lands in `box` under an object-fit (contain and scale-down keep it whole). */
export function fitted(natural: { width: number; height: number }, box: Box, fit: string): Box {
  if (!natural.width || !natural.height || fit === 'fill' || !fit) return box;
  const scale = fit === 'cover' ? Math.max(box.width / natural.width, box.height / natural.height) : Math.min(box.width / natural.width, box.height / natural.height, fit === 'scale-down' ? 1 : Infinity);
  const width = natural.width * scale;
  const height = natural.height * scale;
  return { x: box.x + (box.width - width) / 2, y: box.y + (box.height - height) / 2, width, height };
}

function shown(element: Element): boolean {
  if (element.closest('[hidden]')) return false;
  const check = (element as Element & { checkVisibility?: (options: Record<string, boolean>) => boolean }).checkVisibility;
  if (check) return check.call(element, { checkOpacity: true, checkVisibilityCSS: true });
  const style = getComputedStyle(element);
  return style.display !== 'none' && style.visibility !== 'hidden';
}

/** Draws what `host` shows onto a canvas and answers it as a JPEG. */
export async function captureScreen(host: HTMLElement): Promise<Blob> {
  const area = host.getBoundingClientRect();
  const scale = Math.min(1, MAX_WIDTH / Math.max(1, area.width));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.fillStyle = '#000';
  context.fillRect(0, 0, canvas.width, canvas.height);
  for (const element of host.querySelectorAll<HTMLElement>('img, video, .map-here')) {
    if (!shown(element)) continue;
    const rect = element.getBoundingClientRect();
    const box = { x: (rect.left - area.left) * scale, y: (rect.top - area.top) * scale, width: rect.width * scale, height: rect.height * scale };
    if (element instanceof HTMLImageElement) {
      if (!element.complete || !element.naturalWidth) continue;
      const at = fitted({ width: element.naturalWidth, height: element.naturalHeight }, box, getComputedStyle(element).objectFit);
      context.drawImage(element, at.x, at.y, at.width, at.height);
    } else if (element instanceof HTMLVideoElement) {
      if (element.readyState < 2 || !element.videoWidth) continue;
      const at = fitted({ width: element.videoWidth, height: element.videoHeight }, box, getComputedStyle(element).objectFit);
      context.drawImage(element, at.x, at.y, at.width, at.height);
    } else {
      // "You are here": a dot where the page draws it.
      context.fillStyle = getComputedStyle(element).backgroundColor || '#e00';
      context.beginPath();
      context.arc(box.x + box.width / 2, box.y + box.height / 2, Math.max(4, Math.min(box.width, box.height) / 2), 0, 2 * Math.PI);
      context.fill();
    }
  }
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The canvas gave no JPEG'))), 'image/jpeg', QUALITY));
}
