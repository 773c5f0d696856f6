import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function CompareScreen() {
  return <ScreenPlaceholder screen="compare" />;
}
