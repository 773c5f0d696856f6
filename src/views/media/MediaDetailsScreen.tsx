import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function MediaDetailsScreen() {
  return <ScreenPlaceholder screen="mediaDetails" />;
}
