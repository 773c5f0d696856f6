import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function OrganizationsScreen() {
  return <ScreenPlaceholder screen="organizations" />;
}
