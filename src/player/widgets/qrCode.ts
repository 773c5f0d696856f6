import { encode } from 'uqr';
import { t } from '../i18n.ts';
import { fitFont, nextPaint, widgetRoot, type WidgetEnv, type WidgetHandle, type WidgetSpec } from './types.ts';

type QrSpec = Extract<WidgetSpec, { kind: 'qr_code' }>;
const SVG = 'http://www.w3.org/2000/svg';
/** Modules of quiet zone around the code (the standard's 4: phones read it off a busy screen). */
export const QUIET_ZONE = 4;

/** The code's dark modules as one SVG path, in module units, the quiet zone included in its size. */
export function qrPath(text: string): { size: number; path: string } {
  const { size, data } = encode(text, { ecc: 'M', border: 0 });
  let path = '';
  data.forEach((row, y) => {
    let x = 0;
    while (x < size) {
      if (!row[x]) {
        x += 1;
        continue;
      }
      const start = x;
      while (x < size && row[x]) x += 1;
      path += `M${start + QUIET_ZONE} ${y + QUIET_ZONE}h${x - start}v1h${start - x}z`;
    }
  });
  return { size: size + 2 * QUIET_ZONE, path };
}

/**
 * QR code (issue 38): `text` drawn as a QR code (uqr, error correction M) with its quiet zone, square, as large as the zone
 * allows above its caption, in its colours; crisp edges so a phone reads it from the screen.
 */
export function renderQrCode(element: HTMLElement, spec: QrSpec, env: WidgetEnv): WidgetHandle {
  let settings = spec.settings;
  const root = widgetRoot(element, 'qr_code', settings.background);
  Object.assign(root.style, { display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center' });
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('role', 'img');
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.classList.add('widget-qr-code');
  const back = document.createElementNS(SVG, 'rect');
  const modules = document.createElementNS(SVG, 'path');
  svg.append(back, modules);
  const caption = document.createElement('div');
  caption.className = 'widget-qr-caption';
  Object.assign(caption.style, { flex: 'none', maxWidth: '100%', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', textAlign: 'center', lineHeight: '1.2', padding: '0 4px', boxSizing: 'border-box' });
  root.append(svg, caption);

  let modulesAcross = 0;
  const draw = () => {
    const { size, path } = qrPath(settings.text);
    modulesAcross = size;
    svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
    svg.setAttribute('aria-label', t('widgets.qrCode', { text: settings.text }));
    svg.dataset.text = settings.text;
    back.setAttribute('width', String(size));
    back.setAttribute('height', String(size));
    back.setAttribute('fill', settings.background);
    modules.setAttribute('d', path);
    modules.setAttribute('fill', settings.color);
    root.style.background = settings.background;
    caption.textContent = settings.caption;
    caption.hidden = !settings.caption;
    caption.style.color = settings.color;
    fit();
  };
  const fit = () => {
    const width = root.clientWidth;
    const height = root.clientHeight;
    const captionFont = settings.caption ? Math.max(8, Math.min(height * 0.12, 32 * env.scale())) : 0;
    if (settings.caption) fitFont(caption, captionFont);
    const captionHeight = settings.caption ? caption.offsetHeight || captionFont * 1.2 : 0;
    // Whole CSS pixels per module keep the edges sharp.
    const room = Math.max(0, Math.min(width, height - captionHeight));
    const side = room >= modulesAcross ? Math.floor(room / modulesAcross) * modulesAcross : room;
    svg.style.width = svg.style.height = `${side || 100}px`;
    svg.style.flex = 'none';
  };
  draw();
  const painted = nextPaint();
  return {
    kind: 'qr_code',
    painted,
    update(next) {
      if (next.kind !== 'qr_code') return;
      settings = next.settings;
      draw();
    },
    resize: fit,
    dispose: () => root.remove(),
  };
}
