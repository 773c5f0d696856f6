import { ScreenPlaceholder } from '../common/ScreenPlaceholder.tsx';

export default function CampaignsScreen() {
  return <ScreenPlaceholder screen="campaigns" />;
}
