import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function CampaignSchedulerScreen() {
  return <ScreenPlaceholder screen="campaignScheduler" />;
}
