import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function GroupsScreen() {
  return <ScreenPlaceholder screen="groups" />;
}
