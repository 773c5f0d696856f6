import { Badge } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import type { Playlist } from '../../services/schemas/playlists.ts';

/** The uncommitted marker of a playlist (or its committed version). */
export function CommitBadge({ playlist }: { playlist: Pick<Playlist, 'committed' | 'version'> }) {
  const { t } = useTranslation('playlists');
  if (playlist.committed) {
    return (
      <Badge appearance="tint" color="success" title={t('state.committedVersion', { version: playlist.version })}>
        {t('state.committed')}
      </Badge>
    );
  }
  return (
    <Badge appearance="filled" color="warning" title={playlist.version ? t('state.uncommittedHint', { version: playlist.version }) : t('state.neverCommitted')}>
      {t('state.uncommitted')}
    </Badge>
  );
}
