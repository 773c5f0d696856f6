import { Caption1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { WidgetDraft } from '../../machines/layouts/widgetForm.machine.ts';
import { useWidgetPreviewStyles } from './WidgetPreview.styles.ts';


const colour = (value: unknown): string | undefined => (typeof value === 'string' && /^#[0-9a-fA-F]{6}$/.test(value) ? value : undefined);

/**
 * The widget being edited, at its zone's aspect: a stand-in (what it shows, in its own colours) until the web player's
 * widget renderers (src/player/widgets/) can draw it here.
 */
export function WidgetPreview({ widget, size }: { widget: WidgetDraft; size: { width: number; height: number } }) {
  const { t } = useTranslation('layouts');
  const styles = useWidgetPreviewStyles();
  const settings = widget.settings;
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
        <span className={styles.text}>{summary}</span>
      </div>
      <figcaption>
        <Caption1>{t('widget.previewCaption')}</Caption1>
      </figcaption>
    </figure>
  );
}
