import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function NavigationScreen() {
  return <ScreenPlaceholder screen="navigation" />;
}
