import { useEffect, useRef, useState } from 'react';
import { Caption1 } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { previewData, previewDatasets } from '../../machines/layouts/layoutPreview.machine.ts';
import type { WidgetDraft } from '../../machines/layouts/widgetForm.machine.ts';
import { WIDGET_DEFAULTS } from '../../services/schemas/widgets.ts';
import type { WidgetHandle, WidgetSpec } from '../../player/widgets/index.ts';
import { useWidgetPreviewStyles } from './WidgetPreview.styles.ts';

const colour = (value: unknown): string | undefined => (typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value) ? value : undefined);
const specOf = (widget: WidgetDraft): WidgetSpec =>
  ({ kind: widget.widget, settings: { ...WIDGET_DEFAULTS[widget.widget], ...widget.settings }, data: previewData(widget) }) as WidgetSpec;

/**
 * The widget being edited, drawn at its zone's aspect by the web player's own renderer (src/player/widgets/, a chunk
 * loaded when the first widget form opens), at the zone's scale. It follows the settings while they are valid (the last
 * valid drawing stays while a value is refused); until the renderer has loaded, or if it cannot draw, a stand-in says what
 * it shows. A dataset's rows are read from the panel's datasets (previewDatasets), as the Play preview does.
 */
export function WidgetPreview({ widget, size, valid }: { widget: WidgetDraft; size: { width: number; height: number }; valid: boolean }) {
  const { t } = useTranslation('layouts');
  const styles = useWidgetPreviewStyles();
  const host = useRef<HTMLDivElement | null>(null);
  const handle = useRef<WidgetHandle | null>(null);
  const [drawn, setDrawn] = useState(false);
  // The dataset a data table or a ticker shows, read once while the form is open (GET /datasets/{id}).
  const datasets = useRef(previewDatasets());
  const latest = useRef(widget);
  latest.current = widget;
  const settings = widget.settings;

  useEffect(() => {
    let cancelled = false;
    void import('../../player/widgets/index.ts').then((widgets) => {
      const element = host.current;
      if (cancelled || !element) return;
      try {
        const env = widgets.defaultWidgetEnv({ scale: () => (element.clientWidth || size.width) / size.width, dataset: datasets.current.dataset });
        handle.current = widgets.renderWidget(element, specOf(latest.current), env);
        setDrawn(true);
      } catch {
        setDrawn(false);
      }
    });
    return () => {
      cancelled = true;
      handle.current?.dispose();
      handle.current = null;
    };
    // A new kind or zone size draws anew; settings update the drawing below.
  }, [widget.widget, size.width, size.height]);

  const key = JSON.stringify(settings);
  useEffect(() => {
    if (!valid || !handle.current) return;
    try {
      handle.current.update(specOf(latest.current));
    } catch {
      // The last valid drawing stays.
    }
  }, [key, valid]);

  const summary =
    widget.widget === 'ticker'
      ? (Array.isArray(settings.messages) ? (settings.messages as string[]).filter(Boolean).join(String(settings.separator ?? ' • ')) : '') || t('widgetKinds.ticker')
      : widget.widget === 'web_page'
        ? String(settings.url || t('widgetKinds.web_page'))
        : widget.widget === 'qr_code'
          ? String(settings.text || t('widgetKinds.qr_code'))
          : t(`widgetKinds.${widget.widget}`);
  return (
    <figure style={{ margin: 0 }} aria-label={t('widget.preview')}>
      <div
        className={styles.frame}
        data-testid="widget-preview"
        style={{ aspectRatio: `${Math.max(1, size.width)} / ${Math.max(1, size.height)}`, color: colour(settings.color), backgroundColor: colour(settings.background) }}
      >
        <div ref={host} className={styles.host} />
        {drawn ? null : <span className={styles.text}>{summary}</span>}
      </div>
      <figcaption>
        <Caption1>{t('widget.previewCaption')}</Caption1>
      </figcaption>
    </figure>
  );
}
