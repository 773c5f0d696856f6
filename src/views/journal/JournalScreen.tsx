import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function JournalScreen() {
  return <ScreenPlaceholder screen="journal" />;
}
