import { useEffect, useState } from 'react';
import { Field, Select } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { createFetchStatusMachine } from '../../machines/fetchStatus.machine.ts';
import { listCampaigns, type Campaign } from '../../services/campaigns/campaigns.service.ts';
import type { PageOf } from '../../services/schemas/common.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { SchedulerView } from './SchedulerView.tsx';
import { useSchedulerStyles } from './Scheduler.styles.ts';

const campaignsMachine = createFetchStatusMachine<PageOf<Campaign>, void>().provide({
  actors: { load: fromPromise(() => listCampaigns({ page: 1, page_size: 500 })) },
});

/** /scheduler: the events of every campaign on one calendar, filterable by campaign (`?campaign=`); edits by event. */
export default function SchedulerScreen() {
  const { t } = useTranslation(['scheduler', 'screens']);
  usePageTitle('screens:titles.scheduler');
  const styles = useSchedulerStyles();
  const [params, setParams] = useSearchParams();
  const chosen = /^\d+$/.test(params.get('campaign') ?? '') ? Number(params.get('campaign')) : null;
  const [campaign, setCampaign] = useState<number | null>(chosen);
  const campaigns = useActorRef(campaignsMachine);
  useEffect(() => campaigns.send({ type: 'fetch.load' }), [campaigns]);
  const list = useSelector(campaigns, (s) => s.context.data?.results ?? []);
  const returnTo = campaign === null ? '/scheduler' : `/scheduler?campaign=${campaign}`;

  return (
    <section>
      <PageHeader title={t('page.allTitle')} />
      <SchedulerView
        campaignId={campaign}
        returnTo={returnTo}
        filters={
          <Field label={t('page.campaignFilter')} className={styles.filter}>
            <Select
              className={styles.select}
              value={campaign === null ? '' : String(campaign)}
              onChange={(_, data) => {
                const next = data.value ? Number(data.value) : null;
                setCampaign(next);
                setParams(next === null ? {} : { campaign: String(next) }, { replace: true });
              }}
            >
              <option value="">{t('page.allCampaigns')}</option>
              {list.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name}
                </option>
              ))}
            </Select>
          </Field>
        }
      />
    </section>
  );
}
