import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function TracksScreen() {
  return <ScreenPlaceholder screen="tracks" />;
}
