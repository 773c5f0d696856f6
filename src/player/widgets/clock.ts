import type { CLOCK_FORMATS } from '../../services/schemas/widgets.ts';
import { t } from '../i18n.ts';
import { fitFont, nextPaint, widgetRoot, type WidgetEnv, type WidgetHandle, type WidgetSpec } from './types.ts';

type ClockSpec = Extract<WidgetSpec, { kind: 'clock' }>;
type Format = (typeof CLOCK_FORMATS)[number];

const FORMATS: Record<Format, Intl.DateTimeFormatOptions> = {
  time: { hour: '2-digit', minute: '2-digit' },
  time_seconds: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  date: { day: '2-digit', month: '2-digit', year: 'numeric' },
  date_long: { day: 'numeric', month: 'long', year: 'numeric' },
  weekday_date: { weekday: 'long', day: 'numeric', month: 'long' },
  date_time: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
};

/**
 * The formatter of a clock: `format` in `language`, in `timeZone` (an unknown zone falls back to the browser's), 12 or
 * 24 hours (h23: never "24:05").
 */
export function clockFormatter(format: Format, hour12: boolean, language: string, timeZone: string): Intl.DateTimeFormat {
  const options: Intl.DateTimeFormatOptions = { ...FORMATS[format] };
  if (options.hour) options.hourCycle = hour12 ? 'h12' : 'h23';
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone });
  } catch {
    return new Intl.DateTimeFormat(language, options);
  }
}

/**
 * Clock (issue 38): the moment in the screen's office time zone and language, drawn again just after each second's or
 * minute's boundary (a timeout to the next boundary each time, never a drifting interval), so a daylight-saving switch
 * shows at once.
 */
export function renderClock(element: HTMLElement, spec: ClockSpec, env: WidgetEnv): WidgetHandle {
  let settings = spec.settings;
  const root = widgetRoot(element, 'clock', settings.background);
  root.setAttribute('role', 'timer');
  root.setAttribute('aria-label', t('widgets.clock'));
  Object.assign(root.style, { display: 'flex', alignItems: 'center', justifyContent: 'center', color: settings.color, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', lineHeight: '1.1' });
  const text = document.createElement('span');
  text.className = 'widget-clock-text';
  root.append(text);
  let formatter = clockFormatter(settings.format, settings.hour12, env.language, env.timezone);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let shown = '';
  const fit = () => fitFont(text, settings.font_size * env.scale(), root);
  const draw = () => {
    const now = formatter.format(new Date());
    if (now !== shown) {
      const longer = now.length !== shown.length;
      shown = now;
      text.textContent = now;
      if (longer) fit();
    }
  };
  const tick = () => {
    draw();
    const unit = settings.format === 'time_seconds' ? 1000 : 60_000;
    // Just after the next boundary (a timer never fires early; 20 ms of slack for a busy screen).
    timer = setTimeout(tick, unit - (Date.now() % unit) + 20);
  };
  tick();
  fit();
  const painted = nextPaint();
  return {
    kind: 'clock',
    painted,
    update(next) {
      if (next.kind !== 'clock') return;
      settings = next.settings;
      formatter = clockFormatter(settings.format, settings.hour12, env.language, env.timezone);
      shown = '';
      draw();
    },
    resize: () => void fit(),
    dispose() {
      if (timer) clearTimeout(timer);
      timer = null;
      root.remove();
    },
  };
}
