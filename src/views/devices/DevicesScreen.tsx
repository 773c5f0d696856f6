import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function DevicesScreen() {
  return <ScreenPlaceholder screen="devices" />;
}
