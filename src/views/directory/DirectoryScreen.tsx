import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function DirectoryScreen() {
  return <ScreenPlaceholder screen="directory" />;
}
