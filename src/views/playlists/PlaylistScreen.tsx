import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function PlaylistScreen() {
  return <ScreenPlaceholder screen="playlist" />;
}
