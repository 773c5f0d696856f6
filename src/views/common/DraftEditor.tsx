import type { ReactNode } from 'react';
import { Button, makeStyles, Spinner } from '@fluentui/react-components';
import { ArrowUploadRegular, DismissRegular, SaveRegular } from '@fluentui/react-icons';
import { tokens } from '@fluentui/tokens';
import { PageHeader } from './PageHeader.tsx';

/*
 * The frame of an editor of a draft that screens play only once committed (a playlist, a layout): the way back, the
 * load error with Retry, the name with Commit, Save changes / Discard and the unsaved note. The pages fill the rest.
 */

export const useDraftEditorStyles = makeStyles({
  back: { display: 'inline-block', marginBottom: tokens.spacingVerticalS },
  summary: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalM },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS, marginBottom: tokens.spacingVerticalM },
  hint: { color: tokens.colorNeutralForeground2, margin: `${tokens.spacingVerticalXS} 0` },
  dirty: { color: tokens.colorPaletteDarkOrangeForeground1, margin: `${tokens.spacingVerticalXS} 0` },
  error: { color: tokens.colorPaletteRedForeground1, display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** Where "back to scheduler" may lead: a campaign's scheduler or the scheduler (never another site). */
export function schedulerReturn(from: string | null): string | null {
  return from && /^\/(campaigns\/\d+\/scheduler|scheduler)(\?[^#]*)?$/.test(from) ? from : null;
}

/** The draft could not be loaded: the way back, what went wrong and Retry. */
export function DraftLoadFailed({ back, message, retryLabel, onRetry }: { back: ReactNode; message: string; retryLabel: string; onRetry: () => void }) {
  const styles = useDraftEditorStyles();
  return (
    <section>
      <div className={styles.back}>{back}</div>
      <div role="alert" className={styles.error}>
        {message}
        <Button onClick={onRetry}>{retryLabel}</Button>
      </div>
    </section>
  );
}

export interface DraftHeaderProps {
  back: ReactNode;
  title: string;
  /** Null for a user who may only look: no Commit. */
  commit: { label: string; committing: boolean; disabled: boolean; onCommit: () => void } | null;
}

/** The way back and the draft's name with Commit (a spinner while the server commits). */
export function DraftHeader({ back, title, commit }: DraftHeaderProps) {
  const styles = useDraftEditorStyles();
  return (
    <>
      <div className={styles.back}>{back}</div>
      <PageHeader
        title={title}
        actions={
          commit ? (
            <Button appearance="primary" icon={commit.committing ? <Spinner size="tiny" /> : <ArrowUploadRegular />} disabled={commit.disabled} onClick={commit.onCommit}>
              {commit.label}
            </Button>
          ) : null
        }
      />
    </>
  );
}

export interface DraftToolbarProps {
  dirty: boolean;
  busy: boolean;
  labels: { save: string; discard: string; dirty: string };
  onSave: () => void;
  onDiscard: () => void;
  /** Before Save changes (the page's Add). */
  lead?: ReactNode;
  /** After Discard (the page's switches). */
  trail?: ReactNode;
}

/** The page's own actions, Save changes (primary while there is something to save) and Discard, then the unsaved note. */
export function DraftToolbar({ dirty, busy, labels, onSave, onDiscard, lead, trail }: DraftToolbarProps) {
  const styles = useDraftEditorStyles();
  return (
    <>
      <div className={styles.toolbar}>
        {lead}
        <Button icon={<SaveRegular />} appearance={dirty ? 'primary' : 'secondary'} disabled={!dirty || busy} onClick={onSave}>
          {labels.save}
        </Button>
        <Button icon={<DismissRegular />} disabled={!dirty || busy} onClick={onDiscard}>
          {labels.discard}
        </Button>
        {trail}
      </div>
      {dirty ? <p className={styles.dirty}>{labels.dirty}</p> : null}
    </>
  );
}
