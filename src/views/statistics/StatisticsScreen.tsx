import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function StatisticsScreen() {
  return <ScreenPlaceholder screen="statistics" />;
}
