import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function CampaignDevicesScreen() {
  return <ScreenPlaceholder screen="campaignDevices" />;
}
