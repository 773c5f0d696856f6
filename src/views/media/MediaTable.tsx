import { Button } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { ActorRefFrom } from 'xstate';
import type { mediaListMachine } from '../../machines/media/mediaList.machine.ts';
import { selectMediaPage, selectParams } from '../../machines/media/mediaList.selectors.ts';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import type { MediaFile } from '../../services/schemas/media.ts';
import { Loading } from '../common/Loading.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { RouterLink } from '../common/RouterLink.tsx';
import { formatDateTime, formatDuration, formatMb, mediaErrorKey } from './format.ts';
import { MediaStatusBadge } from './MediaStatusBadge.tsx';
import { useMediaStyles } from './Media.styles.ts';

export type MediaListActor = ActorRefFrom<typeof mediaListMachine>;

/** The page of media files: name (link to details), uploaded date, status, duration, size and an edit action (none without `onEdit`). */
export function MediaTable({ list, onEdit }: { list: MediaListActor; onEdit?: (media: MediaFile) => void }) {
  const { t, i18n } = useTranslation(['media', 'common']);
  const styles = useMediaStyles();
  const status = useSelector(list, selectFetchStatus);
  const page = useSelector(list, selectMediaPage);
  const error = useSelector(list, selectError);
  const search = useSelector(list, (s) => selectParams(s).search);
  const none = t('list.none');

  if (status === 'initial' || status === 'loading') return <Loading />;
  if (status === 'error') {
    return (
      <p className={styles.error} role="alert">
        {`${t('messages.loadError')}: ${t(mediaErrorKey(error))}`}
      </p>
    );
  }
  if (!page || page.results.length === 0) return <p className={styles.message}>{search ? t('list.noMatch') : t('list.empty')}</p>;

  return (
    <div className={status === 'updating' ? styles.updating : undefined} aria-busy={status === 'updating'}>
      <ResponsiveList
        label={t('list.label')}
        rows={page.results}
        rowKey={(media) => media.id}
        title={{ id: 'name', header: t('fields.name'), wrap: 'anywhere', cell: (media) => <RouterLink to={`/media/${media.id}`} className={styles.nameLink}>{media.name}</RouterLink> }}
        columns={[
          { id: 'uploaded', header: t('fields.uploaded'), cell: (media) => formatDateTime(media.uploaded, i18n.language, none), wrap: 'nowrap' },
          { id: 'status', header: t('fields.status'), cell: (media) => <MediaStatusBadge status={media.status} />, wrap: 'nowrap' },
          { id: 'duration', header: t('fields.duration'), cell: (media) => formatDuration(media.duration, none), wrap: 'nowrap' },
          { id: 'size', header: t('fields.size'), cell: (media) => formatMb(media.size, i18n.language, t), wrap: 'nowrap' },
          { id: 'position', header: t('fields.screen_position'), cell: (media) => t(`positions.${media.screen_position}`), wideOnly: true },
        ]}
        actions={
          onEdit
            ? {
                header: t('fields.actions'),
                cell: (media) => (
                  <Button appearance="subtle" size="small" icon={<EditRegular />} aria-label={t('actions.editNamed', { name: media.name })} onClick={() => onEdit(media)} />
                ),
              }
            : undefined
        }
      />
    </div>
  );
}
