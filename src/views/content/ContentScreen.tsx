import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function ContentScreen() {
  return <ScreenPlaceholder screen="content" />;
}
