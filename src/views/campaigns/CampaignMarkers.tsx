import type { ReactElement } from 'react';
import { Badge } from '@fluentui/react-components';
import { ArrowSyncCircleRegular, CalendarCancelRegular, CalendarErrorRegular, CheckmarkCircleRegular, EyeOffRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { LazyTooltip } from '../common/LazyTooltip.tsx';
import type { Campaign } from '../../services/campaigns/campaigns.service.ts';
import { useCampaignsStyles } from './Campaigns.styles.ts';

/** Markers for expired, no events, unpublished events and screens waiting for a render: icon and text, with a tooltip saying what to do. */
export function CampaignMarkers({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaigns');
  const styles = useCampaignsStyles();
  const markers: { key: string; icon: ReactElement; color: 'danger' | 'warning' | 'informative' }[] = [];
  if (campaign.events_count === 0) markers.push({ key: 'noEvents', icon: <CalendarCancelRegular />, color: 'informative' });
  if (campaign.expired) markers.push({ key: 'expired', icon: <CalendarErrorRegular />, color: 'danger' });
  if (campaign.has_unpublished) markers.push({ key: 'unpublished', icon: <EyeOffRegular />, color: 'warning' });
  const waiting = campaign.waiting_renders ?? 0;
  if (waiting > 0) markers.push({ key: 'waitingRenders', icon: <ArrowSyncCircleRegular />, color: 'informative' });
  if (markers.length === 0) {
    return (
      <Badge appearance="tint" color="success" icon={<CheckmarkCircleRegular />}>
        {t('markers.ok')}
      </Badge>
    );
  }
  return (
    <span className={styles.markers}>
      {markers.map((marker) => (
        <LazyTooltip key={marker.key} content={t(`markers.${marker.key}Hint`, { count: waiting })} withArrow>
          <Badge appearance="tint" color={marker.color} icon={marker.icon} tabIndex={0} role="note">
            {t(`markers.${marker.key}`, { count: waiting })}
          </Badge>
        </LazyTooltip>
      ))}
    </span>
  );
}
