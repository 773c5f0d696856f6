import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function ProfileScreen() {
  return <ScreenPlaceholder screen="profile" />;
}
