import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function DeviceNavigationEditorScreen() {
  return <ScreenPlaceholder screen="deviceNavigationEditor" />;
}
