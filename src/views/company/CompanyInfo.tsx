import { useEffect } from 'react';
import { Subtitle2, Text } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { companySummaryMachine } from '../../machines/company/companySummary.machine.ts';
import { selectFetchStatus } from '../../machines/fetchStatus.selectors.ts';
import type { Company } from '../../services/schemas/company.ts';
import { Loading } from '../common/Loading.tsx';
import { RouterLink } from '../common/RouterLink.tsx';
import { useCompanyStyles } from './Company.styles.ts';

/** The selected company's additional info: device counts by status, its offices and the campaigns its devices take part in. */
export function CompanyInfo({ company, version }: { company: Company; version: number }) {
  const { t } = useTranslation('company');
  const styles = useCompanyStyles();
  const actor = useActorRef(companySummaryMachine);
  const status = useSelector(actor, selectFetchStatus);
  const summary = useSelector(actor, (s) => s.context.data);
  useEffect(() => actor.send({ type: 'fetch.load', params: company.id }), [actor, company.id, version]);

  return (
    <section className={styles.info} aria-labelledby="company-info-title">
      <Subtitle2 as="h2" block id="company-info-title" className={styles.name}>
        {t('info.title', { name: company.name })}
      </Subtitle2>
      {status === 'error' ? (
        <p role="alert" className={styles.error}>
          {t('messages.loadFailed')}
        </p>
      ) : !summary || summary.company !== company.id ? (
        <Loading />
      ) : (
        <>
          <Text weight="semibold">{t('info.devices')}</Text>
          <div className={styles.counts} data-testid="company-device-counts">
            <span>{t('info.online', { count: summary.devices.online })}</span>
            <span>{t('info.offline', { count: summary.devices.offline })}</span>
            <span>{t('info.disabled', { count: summary.devices.disabled })}</span>
          </div>
          <Text weight="semibold">{t('info.offices')}</Text>
          {summary.offices.length ? (
            <ul className={styles.plainList}>
              {summary.offices.map((office) => (
                <li key={office.id}>
                  <RouterLink to={`/devices?office=${office.id}`}>{office.name}</RouterLink>{' '}
                  <span className={styles.muted}>{t('counts.devices', { count: office.devices.online + office.devices.offline + office.devices.disabled })}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.message}>{t('info.noOffices')}</p>
          )}
          <Text weight="semibold">{t('info.campaigns')}</Text>
          {summary.campaigns.length ? (
            <ul className={styles.plainList}>
              {summary.campaigns.map((campaign) => (
                <li key={campaign.id}>
                  <RouterLink to={`/campaigns/${campaign.id}/devices`}>{campaign.name}</RouterLink>{' '}
                  <span className={styles.muted}>{t('info.inCampaign', { count: campaign.devices_count })}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.message}>{t('info.noCampaigns')}</p>
          )}
        </>
      )}
    </section>
  );
}
