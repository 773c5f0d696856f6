import { t } from '../i18n.ts';
import { fitFont, nextPaint, widgetRoot, type WidgetEnv, type WidgetHandle, type WidgetSpec } from './types.ts';

type PageSpec = Extract<WidgetSpec, { kind: 'web_page' }>;

/** A frame whose load does not come within this is taken as refused (X-Frame-Options, CSP, unreachable): ms. */
export const WEB_PAGE_LOAD_TIMEOUT_MS = 15_000;

/**
 * Web page (issue 38): the page in a sandboxed frame (scripts and its own origin only: no top navigation, popups, forms
 * or downloads), zoomed by a transform (the frame laid out at 1/zoom of the zone, scaled back to fill it), reloaded every
 * `reload_minutes`. A browser tells a page no reason it refuses to be framed, so a frame whose load does not come within
 * WEB_PAGE_LOAD_TIMEOUT_MS, or a screen offline, shows a translated placeholder instead (the next reload tries again).
 */
export function renderWebPage(element: HTMLElement, spec: PageSpec, env: WidgetEnv): WidgetHandle {
  let settings = spec.settings;
  const root = widgetRoot(element, 'web_page', '#ffffff');
  const placeholder = document.createElement('div');
  placeholder.className = 'widget-note';
  placeholder.setAttribute('role', 'status');
  Object.assign(placeholder.style, { position: 'absolute', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center', padding: '8px', boxSizing: 'border-box', background: '#1b1f24', color: '#f5f5f5', overflow: 'hidden' });
  let frame: HTMLIFrameElement | null = null;
  let loadTimer: ReturnType<typeof setTimeout> | null = null;
  let reloadTimer: ReturnType<typeof setInterval> | null = null;
  let painted: Promise<number>;

  const showPlaceholder = (key: string) => {
    placeholder.textContent = t(key);
    root.dataset.state = 'unavailable';
    root.append(placeholder);
    fitFont(placeholder, Math.max(8, Math.min(32 * env.scale(), root.clientHeight * 0.15 || Infinity)));
  };

  const open = () => {
    if (loadTimer) clearTimeout(loadTimer);
    loadTimer = null;
    frame?.remove();
    frame = null;
    if (!env.online()) return showPlaceholder('widgets.webPageOffline');
    const zoom = settings.zoom || 1;
    const next = document.createElement('iframe');
    next.setAttribute('sandbox', 'allow-scripts allow-same-origin');
    next.setAttribute('referrerpolicy', 'no-referrer');
    next.setAttribute('allow', '');
    next.title = t('widgets.webPage', { url: settings.url });
    Object.assign(next.style, { position: 'absolute', left: '0', top: '0', border: '0', width: `${100 / zoom}%`, height: `${100 / zoom}%`, transform: `scale(${zoom})`, transformOrigin: '0 0', background: '#ffffff' });
    root.dataset.state = 'loading';
    next.addEventListener('load', () => {
      if (frame !== next) return;
      if (loadTimer) clearTimeout(loadTimer);
      loadTimer = null;
      root.dataset.state = 'loaded';
      placeholder.remove();
    });
    loadTimer = setTimeout(() => {
      loadTimer = null;
      if (frame === next) showPlaceholder('widgets.webPageUnavailable');
    }, WEB_PAGE_LOAD_TIMEOUT_MS);
    next.src = settings.url;
    frame = next;
    root.prepend(next);
  };

  const plan = () => {
    if (reloadTimer) clearInterval(reloadTimer);
    reloadTimer = settings.reload_minutes > 0 ? setInterval(open, settings.reload_minutes * 60_000) : null;
  };
  open();
  plan();
  painted = nextPaint();
  return {
    kind: 'web_page',
    get painted() {
      return painted;
    },
    update(next) {
      if (next.kind !== 'web_page') return;
      const changed = JSON.stringify(next.settings) !== JSON.stringify(settings);
      settings = next.settings;
      if (!changed) return;
      open();
      plan();
    },
    resize: () => undefined,
    dispose() {
      if (loadTimer) clearTimeout(loadTimer);
      if (reloadTimer) clearInterval(reloadTimer);
      loadTimer = reloadTimer = null;
      frame?.removeAttribute('src');
      frame = null;
      root.remove();
    },
  };
}
