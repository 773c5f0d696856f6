import { useCallback, useMemo, useState } from 'react';
import { Body1, Button } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { useParams, useSearchParams } from '../app/router.tsx';
import { playlistCommitMachine } from '../../machines/playlists/playlistCommit.machine.ts';
import { playlistEditorMachine } from '../../machines/playlists/playlistEditor.machine.ts';
import { draftTracks } from '../../machines/playlists/playlistEditor.selectors.ts';
import { DraftHeader, DraftLoadFailed, DraftToolbar, schedulerReturn } from '../common/DraftEditor.tsx';
import { LeaveGuard } from '../common/LeaveGuard.tsx';
import { Loading } from '../common/Loading.tsx';
import { PreflightDialog } from '../common/PreflightDialog.tsx';
import { RouterLink } from '../common/RouterLink.tsx';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { Broadcasts } from './Broadcasts.tsx';
import { CommitBadge } from './CommitBadge.tsx';
import { clock, playlistErrorKey } from './format.ts';
import { MediaPickerDialog } from './MediaPickerDialog.tsx';
import { TrackList } from './TrackList.tsx';
import { useEditorStyles } from './PlaylistEditor.styles.ts';

const sameDraft = (a: ReturnType<typeof draftTracks>, b: ReturnType<typeof draftTracks>) =>
  a.total === b.total && a.tracks.length === b.tracks.length && a.tracks.every((track, i) => track.id === b.tracks[i]!.id && track.duration === b.tracks[i]!.duration);

/** One playlist: its tracks in order (drag or keyboard), image durations, add media, remove, save, Commit, broadcasts. */
export default function PlaylistScreen() {
  const { t, i18n } = useTranslation(['playlists', 'common', 'screens']);
  usePageTitle('screens:titles.playlist');
  const styles = useEditorStyles();
  const notify = useNotify();
  const playlistId = Number(useParams().playlistId);
  const canEdit = useCan('playlists');
  const back = schedulerReturn(useSearchParams()[0].get('from'));
  const commitLogic = useMemo(
    () => playlistCommitMachine.provide({ actions: { notify: (_, { key, intent }) => notify(i18n.t(`playlists:${key}`), intent) } }),
    [notify, i18n],
  );
  const commit = useActorRef(commitLogic, { input: { playlistId, committed: false, version: 0 } });
  const editorLogic = useMemo(
    () =>
      playlistEditorMachine.provide({
        actions: {
          notify: (_, { key, intent }) => notify(i18n.t(`playlists:${key}`), intent),
          loaded: (_, { playlist }) => commit.send({ type: 'commit.sync', committed: playlist.committed, version: playlist.version }),
        },
      }),
    [notify, i18n, commit],
  );
  const editor = useActorRef(editorLogic, { input: { playlistId } });
  const playlist = useSelector(editor, (s) => s.context.playlist);
  const draft = useSelector(editor, (s) => draftTracks(s.context), sameDraft);
  const loading = useSelector(editor, (s) => s.hasTag('loading'));
  const failed = useSelector(editor, (s) => s.matches('loadFailed'));
  const error = useSelector(editor, (s) => s.context.error);
  const dirty = useSelector(editor, (s) => s.hasTag('dirty'));
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const canRemove = useSelector(editor, (s) => s.matches({ ready: 'clean' }));
  const canAdd = useSelector(editor, (s) => s.can({ type: 'editor.reload' }));
  const committing = useSelector(commit, (s) => s.hasTag('busy'));
  // While the server checks, the operator confirms or the server commits, the badge says what it said when Commit was pressed.
  const committed = useSelector(commit, (s) => s.matches('committed') || (!s.matches('uncommitted') && !s.matches('failed') && s.context.committedBefore));
  const preflight = useSelector(commit, (s) => s.context.preflight);
  const version = useSelector(commit, (s) => s.context.version);
  const [picking, setPicking] = useState(false);
  const move = useCallback((from: number, to: number) => editor.send({ type: 'track.move', from, to }), [editor]);
  const duration = useCallback((id: number, seconds: number) => editor.send({ type: 'track.duration', id, seconds }), [editor]);
  const remove = useCallback((id: number) => editor.send({ type: 'track.remove', id }), [editor]);

  const backLink = back ? <RouterLink to={back}>{t('actions.backToScheduler')}</RouterLink> : <RouterLink to="/playlists">{t('actions.backToList')}</RouterLink>;
  if (loading && !playlist) return <Loading />;
  if (failed || !playlist) {
    return <DraftLoadFailed back={backLink} message={`${t('editor.loadError')}: ${t(playlistErrorKey(error))}`} retryLabel={t('actions.retry')} onRetry={() => editor.send({ type: 'editor.retry' })} />;
  }

  return (
    <section>
      <DraftHeader
        back={backLink}
        title={playlist.name}
        commit={canEdit ? { label: t('actions.commit'), committing, disabled: dirty || busy || committing, onCommit: () => commit.send({ type: 'commit.start' }) } : null}
      />
      <div className={styles.summary}>
        <CommitBadge playlist={{ committed, version }} />
        <Body1>{t(`positions.${playlist.screen_position}`)}</Body1>
        <Body1>{t('list.tracks', { count: draft.tracks.length })}</Body1>
        <Body1>{t('editor.total', { duration: clock(draft.total) })}</Body1>
      </div>
      {canEdit ? null : <p className={styles.hint}>{t('common:viewOnly')}</p>}
      {canEdit ? (
        <DraftToolbar
          dirty={dirty}
          busy={busy}
          labels={{ save: t('actions.save'), discard: t('actions.discard'), dirty: t('editor.dirty') }}
          onSave={() => editor.send({ type: 'editor.save' })}
          onDiscard={() => editor.send({ type: 'editor.discard' })}
          lead={
            <Button icon={<AddRegular />} disabled={!canAdd} onClick={() => setPicking(true)}>
              {t('actions.addMedia')}
            </Button>
          }
        />
      ) : null}
      {draft.tracks.length === 0 ? (
        <Body1 className={styles.muted}>{t('editor.empty')}</Body1>
      ) : (
        <>
          {canEdit ? <p className={styles.hint}>{t('editor.reorderHint')}</p> : null}
          <TrackList name={playlist.name} tracks={draft.tracks} disabled={busy || !canEdit} canRemove={canRemove} readOnly={!canEdit} onMove={move} onDuration={duration} onRemove={remove} />
        </>
      )}
      <Broadcasts playlistId={playlistId} />
      {picking ? (
        <MediaPickerDialog
          playlist={playlist}
          onAdded={(count, done) => {
            editor.send({ type: 'editor.reload' });
            if (done) {
              notify(t('messages.addSuccess', { count }), 'success');
              setPicking(false);
            }
          }}
          onClose={() => setPicking(false)}
        />
      ) : null}
      <PreflightDialog
        preflight={preflight}
        title={t('commitConfirm.title')}
        intro={t('commitConfirm.intro')}
        failedText={t('commitConfirm.failed')}
        confirmLabel={t('commitConfirm.confirm')}
        onConfirm={() => commit.send({ type: 'commit.confirm' })}
        onCancel={() => commit.send({ type: 'commit.cancel' })}
      />
      <LeaveGuard when={dirty} texts={{ title: t('leave.title'), text: t('leave.text'), stay: t('leave.stay'), leave: t('leave.leave') }} />
    </section>
  );
}
