import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function UsersScreen() {
  return <ScreenPlaceholder screen="users" />;
}
