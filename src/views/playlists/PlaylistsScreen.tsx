import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function PlaylistsScreen() {
  return <ScreenPlaceholder screen="playlists" />;
}
