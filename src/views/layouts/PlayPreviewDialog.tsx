import { useEffect, useRef } from 'react';
import { Body1, Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { ActorRefFrom } from 'xstate';
import { previewDatasets, previewStore, type layoutPreviewMachine } from '../../machines/layouts/layoutPreview.machine.ts';
import { Dialog } from '../common/Dialog.tsx';
import { layoutErrorKey } from './format.ts';
import { usePlayPreviewStyles } from './PlayPreviewDialog.styles.ts';


interface Props {
  preview: ActorRefFrom<typeof layoutPreviewMachine>;
  /** The canvas's size in layout pixels: the stage keeps its aspect. */
  width: number;
  height: number;
}

/** "Play preview" (issue 36): the draft played by the web player's layout stage, stopped and torn down on close. */
export function PlayPreviewDialog({ preview, width, height }: Props) {
  const { t } = useTranslation(['layouts', 'common']);
  const styles = usePlayPreviewStyles();
  const open = useSelector(preview, (s) => s.hasTag('open'));
  const preparing = useSelector(preview, (s) => s.matches('preparing'));
  const prepared = useSelector(preview, (s) => s.context.prepared);
  const error = useSelector(preview, (s) => s.context.error);
  const stage = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const element = stage.current;
    if (!prepared || !element) return undefined;
    // A data table's rows (or a ticker's feed) read from the panel's datasets, as a screen reads its copy.
    const playing = prepared.play(element, prepared.layout, previewStore(), undefined, previewDatasets());
    // The stage places its zones for its host's size: again whenever the dialog's content resizes it (not only the window).
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => playing.stage?.place());
    resized?.observe(element);
    return () => {
      resized?.disconnect();
      playing.stop();
      element.replaceChildren();
    };
  }, [prepared]);

  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, data) => (data.open ? undefined : preview.send({ type: 'preview.close' }))}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('preview.title')}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1 as="p">{t('preview.intro')}</Body1>
            {preparing ? <Spinner size="small" label={t('preview.loading')} /> : null}
            {error ? (
              <p role="alert" className={styles.error}>
                {t('preview.failed')}: {t(layoutErrorKey(error))}
              </p>
            ) : null}
            <div ref={stage} className={styles.stage} role="img" aria-label={t('preview.stage')} data-testid="layout-preview" style={{ aspectRatio: `${width} / ${height}` }} />
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => preview.send({ type: 'preview.close' })}>
              {t('preview.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
