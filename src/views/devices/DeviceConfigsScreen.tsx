import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function DeviceConfigsScreen() {
  return <ScreenPlaceholder screen="deviceConfigs" />;
}
