import { Badge } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import type { MediaStatus } from '../../services/schemas/media.ts';

const COLOR: Record<MediaStatus, 'informative' | 'success' | 'brand' | 'danger'> = {
  processing: 'informative',
  ready_to_play: 'success',
  playing: 'brand',
  failed: 'danger',
};

/** Processing, Ready to play, Playing or Processing failed. */
export function MediaStatusBadge({ status }: { status: MediaStatus }) {
  const { t } = useTranslation('media');
  return (
    <Badge appearance="tint" color={COLOR[status]}>
      {t(`status.${status}`)}
    </Badge>
  );
}
