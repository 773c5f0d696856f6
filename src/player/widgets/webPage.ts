import { FRAMING_REFUSALS } from '../../services/schemas/widgets.ts';
import { t } from '../i18n.ts';
import { fitFont, nextPaint, widgetRoot, type WidgetEnv, type WidgetHandle, type WidgetSpec } from './types.ts';

type PageSpec = Extract<WidgetSpec, { kind: 'web_page' }>;

/** A frame whose load does not come within this is taken as refused (X-Frame-Options, CSP, unreachable): ms. */
export const WEB_PAGE_LOAD_TIMEOUT_MS = 15_000;
/** How long a frame waits for the server's check of its page before it loads anyway (the check still counts): ms. */
export const FRAMING_WAIT_MS = 2_000;

/**
 * Web page (issue 38): the page in a sandboxed frame (scripts and its own origin only: no top navigation, popups, forms
 * or downloads), zoomed by a transform (the frame laid out at 1/zoom of the zone, scaled back to fill it), reloaded every
 * `reload_minutes`. A browser does not tell that a page refused to be framed (Chromium fires `load` on the blocked
 * frame's error page), so at each load the screen asks the server's check (`env.framing`) and shows a translated
 * placeholder when the page refuses (X-Frame-Options, CSP frame-ancestors); also when the load does not come within
 * WEB_PAGE_LOAD_TIMEOUT_MS, or while the screen is offline (the next reload tries again).
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
  let waitTimer: ReturnType<typeof setTimeout> | null = null;
  let reloadTimer: ReturnType<typeof setInterval> | null = null;
  let painted: Promise<number>;

  const showPlaceholder = (key: string) => {
    placeholder.textContent = t(key);
    root.dataset.state = 'unavailable';
    root.append(placeholder);
    fitFont(placeholder, Math.max(8, Math.min(32 * env.scale(), root.clientHeight * 0.15 || Infinity)));
  };

  /** Loads the page in a new frame (the screen asked the server's check first, or waited long enough for it). */
  const load = () => {
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

  const refuses = (check: { frameable: boolean; reason: string | null } | null | undefined) => !!check && !check.frameable && FRAMING_REFUSALS.includes(check.reason ?? '');
  const refused = () => {
    if (loadTimer) clearTimeout(loadTimer);
    loadTimer = null;
    frame?.removeAttribute('src');
    frame?.remove();
    frame = null;
    showPlaceholder('widgets.webPageRefused');
  };

  // Each open is a turn: a check or a wait of an earlier one (a reload, new settings, the widget gone) is ignored.
  let turn = 0;
  const open = () => {
    const mine = ++turn;
    if (loadTimer) clearTimeout(loadTimer);
    if (waitTimer) clearTimeout(waitTimer);
    loadTimer = waitTimer = null;
    frame?.remove();
    frame = null;
    if (!env.online()) return showPlaceholder('widgets.webPageOffline');
    // Chromium fires `load` on the error page of a frame the page refused, so the server's check decides (issue 38): a
    // page it says refuses is never loaded; a check that has not come within FRAMING_WAIT_MS lets the frame load and
    // still shows the placeholder when it comes.
    root.dataset.state = 'checking';
    let loaded = false;
    waitTimer = setTimeout(() => {
      waitTimer = null;
      if (mine !== turn) return;
      loaded = true;
      load();
    }, FRAMING_WAIT_MS);
    env
      .framing(settings.url)
      .catch(() => null)
      .then((check) => {
        if (mine !== turn) return;
        if (waitTimer) clearTimeout(waitTimer);
        waitTimer = null;
        if (refuses(check)) return refused();
        if (!loaded) load();
        loaded = true;
      });
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
      turn++;
      if (waitTimer) clearTimeout(waitTimer);
      waitTimer = null;
      if (loadTimer) clearTimeout(loadTimer);
      if (reloadTimer) clearInterval(reloadTimer);
      loadTimer = reloadTimer = null;
      frame?.removeAttribute('src');
      frame = null;
      root.remove();
    },
  };
}
