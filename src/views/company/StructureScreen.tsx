import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function StructureScreen() {
  return <ScreenPlaceholder screen="structure" />;
}
