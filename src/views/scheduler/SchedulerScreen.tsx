import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function SchedulerScreen() {
  return <ScreenPlaceholder screen="scheduler" />;
}
