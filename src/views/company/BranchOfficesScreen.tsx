import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function BranchOfficesScreen() {
  return <ScreenPlaceholder screen="branchOffices" />;
}
