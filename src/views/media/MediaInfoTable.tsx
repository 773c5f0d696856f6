import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableRow } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import type { MediaFile } from '../../services/schemas/media.ts';
import { formatDateTime, formatDuration, formatMb } from './format.ts';
import { MediaStatusBadge } from './MediaStatusBadge.tsx';

/** The info table of a file: what was uploaded and what ffprobe found. */
export function MediaInfoTable({ media }: { media: MediaFile }) {
  const { t, i18n } = useTranslation('media');
  const none = t('list.none');
  const rows: [string, ReactNode][] = [
    ['name', media.name],
    ['description', media.description || none],
    ['original_name', media.original_name],
    ['kind', t(`kinds.${media.kind}`)],
    ['status', <MediaStatusBadge key="status" status={media.status} />],
    ['uploaded', formatDateTime(media.uploaded, i18n.language, none)],
    ['duration', media.duration === null ? none : t('units.seconds', { value: media.duration, clock: formatDuration(media.duration, none) })],
    ['resolution', media.resolution ?? none],
    ['video_codec', media.video_codec ?? none],
    ['size', formatMb(media.size, i18n.language, t)],
    ['screen_position', t(`positions.${media.screen_position}`)],
    ['device_type', t(`deviceTypes.${media.device_type}`)],
  ];
  return (
    <Table size="small" aria-label={t('details.info')}>
      <TableBody>
        {rows.map(([field, value]) => (
          <TableRow key={field}>
            <TableCell>{t(`fields.${field}`)}</TableCell>
            <TableCell>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
