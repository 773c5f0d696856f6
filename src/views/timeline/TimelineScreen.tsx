import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function TimelineScreen() {
  return <ScreenPlaceholder screen="timeline" />;
}
