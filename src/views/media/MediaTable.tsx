import { Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { EditRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { mediaListMachine } from '../../machines/media/mediaList.machine.ts';
import { selectMediaPage, selectParams } from '../../machines/media/mediaList.selectors.ts';
import { selectError, selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import type { MediaFile } from '../../services/schemas/media.ts';
import { Loading } from '../common/Loading.tsx';
import { formatDateTime, formatDuration, formatMb, mediaErrorKey } from './format.ts';
import { MediaStatusBadge } from './MediaStatusBadge.tsx';
import { useMediaStyles } from './Media.styles.ts';

export type MediaListActor = ActorRefFrom<typeof mediaListMachine>;

/** The page of media files: name (link to details), uploaded date, status, duration, size and an edit action. */
export function MediaTable({ list, onEdit }: { list: MediaListActor; onEdit: (media: MediaFile) => void }) {
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
    <div className={styles.tableScroller} aria-busy={status === 'updating'}>
      <Table className={styles.table} aria-label={t('list.label')} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t('fields.name')}</TableHeaderCell>
            <TableHeaderCell>{t('fields.uploaded')}</TableHeaderCell>
            <TableHeaderCell>{t('fields.status')}</TableHeaderCell>
            <TableHeaderCell>{t('fields.duration')}</TableHeaderCell>
            <TableHeaderCell>{t('fields.size')}</TableHeaderCell>
            <TableHeaderCell>{t('fields.screen_position')}</TableHeaderCell>
            <TableHeaderCell>{t('fields.actions')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {page.results.map((media) => (
            <TableRow key={media.id}>
              <TableCell>
                <Link to={`/media/${media.id}`}>{media.name}</Link>
              </TableCell>
              <TableCell>{formatDateTime(media.uploaded, i18n.language, none)}</TableCell>
              <TableCell>
                <MediaStatusBadge status={media.status} />
              </TableCell>
              <TableCell>{formatDuration(media.duration, none)}</TableCell>
              <TableCell>{formatMb(media.size, i18n.language, t)}</TableCell>
              <TableCell>{t(`positions.${media.screen_position}`)}</TableCell>
              <TableCell>
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<EditRegular />}
                  aria-label={t('actions.editNamed', { name: media.name })}
                  onClick={() => onEdit(media)}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
