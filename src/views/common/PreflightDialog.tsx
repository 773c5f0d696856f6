import { useId } from 'react';
import { Body1, Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import type { PublishWarning } from '../../services/schemas/playback.ts';
import { formatDateTime } from './dateTime.ts';
import { Dialog } from './Dialog.tsx';
import { usePreflightDialogStyles } from './PreflightDialog.styles.ts';

/** What a publish or commit check found (issue 35): the warnings, or `failed` when the check could not be made. */
export interface PreflightFindings {
  warnings: PublishWarning[];
  failed: boolean;
}

export interface PreflightDialogProps {
  /** Open while not null. */
  preflight: PreflightFindings | null;
  /** The question ("Publish with warnings?"), the sentence above the list, and what is said when the check failed. */
  title: string;
  intro: string;
  failedText: string;
  /** "Publish anyway", "Commit anyway". */
  confirmLabel: string;
  onConfirm: () => void;
  /** Cancel, Escape or a click outside. */
  onCancel: () => void;
}

/** One warning in words: `3 screens cannot play "Promo.mp4" yet: converting it` (common:preflight.warning). */
export function useWarningText(): (warning: PublishWarning) => string {
  const { t, i18n } = useTranslation('common');
  return (warning) =>
    t(`preflight.warning.${warning.reason}`, { count: warning.devices, name: warning.name, until: warning.until ? formatDateTime(warning.until, i18n.language, '') : '' });
}

/**
 * Warnings before, not after (issue 35): before a publish or a playlist commit, which files which screens could not play
 * yet (converting) or at all, or failed to decode on every screen, in plain words with the screens named (the server
 * names up to 10; the rest are counted). The scheduler's publish and the playlist's commit share it. Modal; Escape cancels.
 */
export function PreflightDialog({ preflight, title, intro, failedText, confirmLabel, onConfirm, onCancel }: PreflightDialogProps) {
  const { t } = useTranslation('common');
  const warningText = useWarningText();
  const styles = usePreflightDialogStyles();
  const textId = useId();
  return (
    <Dialog open={preflight !== null} modalType="modal" onOpenChange={(_, data) => (data.open ? undefined : onCancel())}>
      <DialogSurface aria-describedby={textId}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1 as="p" block id={textId}>
              {preflight?.failed ? failedText : intro}
            </Body1>
            {preflight && !preflight.failed ? (
              <ul className={styles.list}>
                {preflight.warnings.map((warning) => {
                  const named = warning.screens ?? [];
                  const more = warning.devices - named.length;
                  return (
                    <li key={`${warning.media}:${warning.reason}`}>
                      <Body1 block className={styles.line}>
                        {warningText(warning)}
                      </Body1>
                      {named.length ? (
                        <Body1 block className={styles.screens}>
                          {more > 0 ? t('preflight.screensAndMore', { names: named.join(', '), count: more }) : t('preflight.screens', { names: named.join(', ') })}
                        </Body1>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}>
              {t('actions.cancel')}
            </Button>
            <Button appearance="primary" onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
