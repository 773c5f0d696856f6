import { t } from '../i18n.ts';
import { fitFont, nextPaint, widgetRoot, type DatasetTable, type WidgetEnv, type WidgetHandle, type WidgetSpec } from './types.ts';

type TickerSpec = Extract<WidgetSpec, { kind: 'ticker' }>;

/** The ticker's lines: its messages, or the first column of the dataset's first `items` rows (a feed's titles). */
export function tickerLines(settings: TickerSpec['settings'], table: DatasetTable | null): string[] {
  if (settings.dataset === null || settings.dataset === undefined) return settings.messages.filter((message) => message.trim());
  return (table?.rows ?? [])
    .slice(0, settings.items)
    .map((row) => (row[0] === null || row[0] === undefined ? '' : String(row[0]).trim()))
    .filter(Boolean);
}

/**
 * Text ticker (issue 38): the lines one after the other, separated, scrolling at `speed` layout px a second (scaled to the
 * screen) to the left or right. One continuous transform animation per loop over a strip that holds the text twice (each
 * copy at least the zone's width), so the end of a loop looks exactly like its start: no jump at the seam. New lines (a
 * dataset that changed) are taken at the seam.
 */
export function renderTicker(element: HTMLElement, spec: TickerSpec, env: WidgetEnv): WidgetHandle {
  let current = spec;
  const settings = () => current.settings;
  const root = widgetRoot(element, 'ticker', settings().background);
  root.setAttribute('role', 'marquee');
  root.setAttribute('aria-label', t('widgets.ticker'));
  Object.assign(root.style, { display: 'flex', alignItems: 'center', color: settings().color, whiteSpace: 'nowrap', lineHeight: '1.2' });
  const strip = document.createElement('div');
  strip.className = 'widget-ticker-strip';
  Object.assign(strip.style, { display: 'flex', flex: 'none', willChange: 'transform' });
  root.append(strip);
  let lines: string[] = [];
  let pending: string[] | null = null;
  let animation: Animation | null = null;
  let disposed = false;
  let resolvePainted: (at: number) => void = () => undefined;
  const painted = new Promise<number>((resolve) => (resolvePainted = resolve));

  const copy = (text: string) => {
    const span = document.createElement('span');
    span.className = 'widget-ticker-copy';
    span.textContent = text;
    span.style.flex = 'none';
    return span;
  };

  /** Builds the strip for `lines` and starts one loop. */
  const loop = () => {
    animation?.cancel();
    animation = null;
    if (disposed) return;
    if (pending) {
      lines = pending;
      pending = null;
    }
    const { separator, font_size, speed, direction, color } = settings();
    root.style.color = color;
    const text = lines.length ? lines.join(separator) + separator : '';
    const first = copy(text);
    strip.replaceChildren(first);
    // The text's height fits the zone (long text scrolls; only its height shrinks the font).
    const height = root.clientHeight;
    const font = Math.max(4, Math.min(font_size * env.scale(), height ? height * 0.8 : Infinity));
    strip.style.fontSize = `${font}px`;
    const zoneWidth = root.clientWidth;
    let width = first.offsetWidth;
    if (!text || width === 0) return;
    // One copy at least the zone's width, so the second copy fills the zone while the first scrolls out.
    const repeat = Math.max(1, Math.ceil(zoneWidth / width));
    if (repeat > 1) {
      first.textContent = text.repeat(repeat);
      width = first.offsetWidth;
    }
    strip.append(copy(first.textContent ?? ''));
    const duration = (width / (speed * env.scale())) * 1000;
    const frames = direction === 'left' ? [{ transform: 'translateX(0)' }, { transform: `translateX(${-width}px)` }] : [{ transform: `translateX(${-width}px)` }, { transform: 'translateX(0)' }];
    if (typeof strip.animate !== 'function') return;
    animation = strip.animate(frames, { duration, easing: 'linear' });
    animation.onfinish = loop;
  };

  const take = (next: string[]) => {
    if (next.join('\n') === lines.join('\n') && !pending) return;
    if (!animation) {
      lines = next;
      loop();
    } else pending = next;
  };

  const load = async (spec: TickerSpec) => {
    const table = spec.settings.dataset !== null && spec.data ? await env.dataset(spec.data).catch(() => null) : null;
    if (disposed || spec !== current) return;
    take(tickerLines(spec.settings, table));
    void nextPaint().then(resolvePainted);
  };
  if (settings().dataset === null) {
    lines = tickerLines(settings(), null);
    loop();
    void nextPaint().then(resolvePainted);
  } else void load(spec);

  return {
    kind: 'ticker',
    painted,
    update(next) {
      if (next.kind !== 'ticker') return;
      current = next;
      root.style.background = next.settings.background ?? 'transparent';
      void load(next);
    },
    resize() {
      pending ??= lines;
      loop();
    },
    dispose() {
      disposed = true;
      animation?.cancel();
      animation = null;
      root.remove();
    },
  };
}

