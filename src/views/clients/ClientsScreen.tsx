import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function ClientsScreen() {
  return <ScreenPlaceholder screen="clients" />;
}
