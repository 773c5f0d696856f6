import { useEffect } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { useParams } from '../app/router.tsx';
import { schedulerCampaignMachine } from '../../machines/scheduler/schedulerCampaign.machine.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { RouterLink } from '../common/RouterLink.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { SchedulerView } from './SchedulerView.tsx';

/** /campaigns/{id}/scheduler: the campaign's calendar, playlists panel, event form and Publish. */
export default function CampaignSchedulerScreen() {
  const { t } = useTranslation(['scheduler', 'screens']);
  usePageTitle('screens:titles.campaignScheduler');
  const campaignId = Number(useParams().campaignId);
  const campaignActor = useActorRef(schedulerCampaignMachine);
  useEffect(() => campaignActor.send({ type: 'fetch.load', params: campaignId }), [campaignActor, campaignId]);
  const campaign = useSelector(campaignActor, (s) => s.context.data);
  return (
    <section>
      <PageHeader title={t('page.campaignTitle', { name: campaign?.name ?? '…' })} actions={<RouterLink to="/campaigns">{t('page.backToCampaigns')}</RouterLink>} />
      <SchedulerView campaignId={campaignId} returnTo={`/campaigns/${campaignId}/scheduler`} />
    </section>
  );
}
