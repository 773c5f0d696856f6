import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function CompanyScreen() {
  return <ScreenPlaceholder screen="company" />;
}
