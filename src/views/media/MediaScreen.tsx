import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function MediaScreen() {
  return <ScreenPlaceholder screen="media" />;
}
