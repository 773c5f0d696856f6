import { useState } from 'react';
import { useTranslation } from '../../i18n.ts';
import { useSearchParams } from '../app/router.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { OptionPicker } from './OptionPicker.tsx';
import { SchedulerView } from './SchedulerView.tsx';
import { useSchedulerStyles } from './Scheduler.styles.ts';

/**
 * /scheduler: the events of every campaign on one calendar, filterable by campaign (`?campaign=`); edits by event.
 * The campaign filter searches the campaigns on the server (the first matches, the chosen one first), not a first page.
 */
export default function SchedulerScreen() {
  const { t } = useTranslation(['scheduler', 'screens']);
  usePageTitle('screens:titles.scheduler');
  const styles = useSchedulerStyles();
  const [params, setParams] = useSearchParams();
  const chosen = /^\d+$/.test(params.get('campaign') ?? '') ? Number(params.get('campaign')) : null;
  const [campaign, setCampaign] = useState<number | null>(chosen);
  const returnTo = campaign === null ? '/scheduler' : `/scheduler?campaign=${campaign}`;

  return (
    <section>
      <PageHeader title={t('page.allTitle')} />
      <SchedulerView
        campaignId={campaign}
        returnTo={returnTo}
        filters={
          <OptionPicker
            kind="campaigns"
            campaign={null}
            value={campaign}
            valueName={null}
            label={t('page.campaignFilter')}
            placeholder={t('page.campaignSearch')}
            noneLabel={t('page.allCampaigns')}
            className={styles.filter}
            onChange={(next) => {
              setCampaign(next);
              setParams(next === null ? {} : { campaign: String(next) }, { replace: true });
            }}
          />
        }
      />
    </section>
  );
}
