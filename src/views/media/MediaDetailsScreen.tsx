import { useCallback, useMemo, useState } from 'react';
import { Body1, Button, Subtitle1 } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowSyncRegular, DeleteRegular, EditRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { useNavigate, useParams } from '../app/router.tsx';
import { mediaDetailsMachine } from '../../machines/media/mediaDetails.machine.ts';
import {
  selectActionError,
  selectCanRetry,
  selectIsConfirmingDelete,
  selectIsDeleting,
  selectIsInitialLoading,
  selectLoadError,
  selectMedia,
  selectPreview,
  selectUsage,
} from '../../machines/media/mediaDetails.selectors.ts';
import type { MediaFile } from '../../services/schemas/media.ts';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog.tsx';
import { Loading } from '../common/Loading.tsx';
import { RouterLink } from '../common/RouterLink.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { mediaErrorKey } from './format.ts';
import { MediaEditDialog } from './lazyDialogs.tsx';
import { useEditedNotice } from './useEditedNotice.ts';
import { MediaInfoTable } from './MediaInfoTable.tsx';
import { MediaPreview } from './MediaPreview.tsx';
import { MediaProcessing } from './MediaProcessing.tsx';
import { MediaPlaybackSection } from './MediaPlaybackSection.tsx';
import { MediaUsageLists } from './MediaUsageLists.tsx';
import { useDetailsStyles } from './MediaDetails.styles.ts';

/** /media/{mediaId}: a fresh details actor per file. */
export default function MediaDetailsScreen() {
  const { mediaId } = useParams();
  return <MediaDetails key={mediaId} mediaId={Number(mediaId)} />;
}

/** Edit, delete (confirmed; refused with the reason while used), processing state, info, preview, usage. */
function MediaDetails({ mediaId }: { mediaId: number }) {
  const { t, i18n } = useTranslation(['media', 'common', 'screens']);
  usePageTitle('screens:titles.mediaDetails');
  const styles = useDetailsStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const edited = useEditedNotice();
  const canEdit = useCan('media');
  const logic = useMemo(
    () =>
      mediaDetailsMachine.provide({
        actions: {
          goToList: () => navigate('/media'),
          notify: (_, { message, intent }) => notify(i18n.t(`media:${message}`), intent),
        },
      }),
    [navigate, notify, i18n],
  );
  const details = useActorRef(logic, { input: { id: mediaId } });
  const media = useSelector(details, selectMedia);
  const usage = useSelector(details, selectUsage);
  const preview = useSelector(details, selectPreview);
  const loadError = useSelector(details, selectLoadError);
  const actionError = useSelector(details, selectActionError);
  const confirming = useSelector(details, selectIsConfirmingDelete);
  const deleting = useSelector(details, selectIsDeleting);
  const canRetry = useSelector(details, selectCanRetry);
  const retrying = useSelector(details, (s) => s.matches({ ready: 'retrying' }));
  const initialLoading = useSelector(details, selectIsInitialLoading);
  const [editing, setEditing] = useState(false);
  const saved = useCallback(
    (updated: MediaFile) => {
      details.send({ type: 'details.saved', media: updated });
      edited();
    },
    [details, edited],
  );

  const back = (
    <RouterLink to="/media" className={styles.back}>
      <ArrowLeftRegular /> {t('actions.back')}
    </RouterLink>
  );
  if (initialLoading) return <Loading />;
  if (loadError || !media || !usage) {
    return (
      <section>
        {back}
        <PageHeader title={t('screens:titles.mediaDetails')} />
        <Body1 as="p" role="alert" className={styles.error}>
          {`${t('details.loadError')}: ${t(mediaErrorKey(loadError))}`}
        </Body1>
        <Button onClick={() => details.send({ type: 'details.load' })}>{t('common:actions.reload')}</Button>
      </section>
    );
  }

  return (
    <section>
      {back}
      <PageHeader
        title={media.name}
        actions={
          <>
            <Button icon={<ArrowSyncRegular />} onClick={() => details.send({ type: 'details.refresh' })}>
              {t('common:actions.refresh')}
            </Button>
            {canEdit ? (
              <>
                <Button icon={<EditRegular />} onClick={() => setEditing(true)}>
                  {t('actions.edit')}
                </Button>
                <Button icon={<DeleteRegular />} onClick={() => details.send({ type: 'details.delete' })}>
                  {t('actions.delete')}
                </Button>
              </>
            ) : null}
          </>
        }
      />
      {actionError ? (
        <Body1 as="p" role="alert" className={styles.error}>
          {t(mediaErrorKey(actionError))}
        </Body1>
      ) : null}
      <div className={styles.layout}>
        <div>
          <section className={styles.section} aria-labelledby="media-processing">
            <Subtitle1 as="h2" block id="media-processing" className={styles.heading}>
              {t('details.processing')}
            </Subtitle1>
            <MediaProcessing media={media} canRetry={canRetry && canEdit} retrying={retrying} onRetry={() => details.send({ type: 'details.retry' })} />
          </section>
          <section className={styles.section} aria-labelledby="media-info">
            <Subtitle1 as="h2" block id="media-info" className={styles.heading}>
              {t('details.info')}
            </Subtitle1>
            <MediaInfoTable media={media} />
          </section>
        </div>
        <div>
          <section className={styles.section} aria-labelledby="media-preview">
            <Subtitle1 as="h2" block id="media-preview" className={styles.heading}>
              {t('details.preview')}
            </Subtitle1>
            <MediaPreview blob={preview} name={media.name} />
          </section>
          <section className={styles.section} aria-labelledby="media-usage">
            <Subtitle1 as="h2" block id="media-usage" className={styles.heading}>
              {t('details.usage')}
            </Subtitle1>
            <MediaUsageLists usage={usage} />
          </section>
          <MediaPlaybackSection mediaId={media.id} />
        </div>
      </div>
      <ConfirmDeleteDialog
        open={confirming}
        busy={deleting}
        title={t('details.deleteTitle', { name: media.name })}
        onConfirm={() => details.send({ type: 'details.confirmDelete' })}
        onCancel={() => details.send({ type: 'details.cancel' })}
      />
      {editing ? <MediaEditDialog media={media} onSaved={saved} onClose={() => setEditing(false)} /> : null}
    </section>
  );
}
