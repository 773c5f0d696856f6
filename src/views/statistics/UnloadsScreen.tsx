import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function UnloadsScreen() {
  return <ScreenPlaceholder screen="unloads" />;
}
