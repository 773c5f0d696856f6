import { Body1, Button, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { CampaignsListActor } from '../../machines/campaigns/campaignsList.machine.ts';
import type { Campaign } from '../../services/campaigns/campaigns.service.ts';
import { Loading } from '../common/Loading.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { RowMenu } from '../common/RowMenu.tsx';
import { useCan } from '../common/usePermission.ts';
import { AppLink } from './AppLink.tsx';
import { CampaignMarkers } from './CampaignMarkers.tsx';
import { useCampaignsStyles } from './Campaigns.styles.ts';

export type CampaignAction = 'edit' | 'report' | 'delete';

/** The campaigns with their device counters and markers; stacked cards below 600 px. */
export function CampaignTable({ list, onAction }: { list: CampaignsListActor; onAction: (action: CampaignAction, campaign: Campaign) => void }) {
  const { t } = useTranslation(['campaigns', 'common']);
  const canEdit = useCan('campaigns');
  const styles = useCampaignsStyles();
  const page = useSelector(list, (s) => s.context.page);
  const loading = useSelector(list, (s) => s.hasTag('loading'));
  const failed = useSelector(list, (s) => s.matches('failed'));
  const error = useSelector(list, (s) => s.context.error);
  const query = useSelector(list, (s) => s.context.query);

  if (failed) {
    return (
      <div className={styles.error} role="alert">
        <span>{`${t('list.loadError')}: ${t(`common:${errorMessageKey(error)}`)}`}</span>
        <Button onClick={() => list.send({ type: 'list.reload' })}>{t('common:actions.reload')}</Button>
      </div>
    );
  }
  if (!page) return <Loading />;
  if (page.results.length === 0) return <p className={styles.message}>{query.search || query.status ? t('list.empty') : t('list.emptyAll')}</p>;
  const pages = Math.max(1, Math.ceil(page.count / (query.page_size ?? 20)));

  return (
    <div aria-busy={loading}>
      <Table className={styles.table} aria-label={t('list.label')} size="small">
        <TableHeader className={styles.stackHead}>
          <TableRow>
            <TableHeaderCell>{t('fields.name')}</TableHeaderCell>
            <TableHeaderCell>{t('fields.devices')}</TableHeaderCell>
            <TableHeaderCell>{t('fields.state')}</TableHeaderCell>
            <TableHeaderCell><span className={styles.sub}>{t('actions.devices')} · {t('actions.scheduler')}</span></TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {page.results.map((campaign) => (
            <TableRow key={campaign.id} className={styles.stackRow}>
              <TableCell className={styles.stackCell}>
                <div className={styles.name}>{campaign.name}</div>
                <div className={styles.sub}>
                  {t(`positions.${campaign.screen_position}`)} · {t('counts.events', { count: campaign.events_count })}
                </div>
              </TableCell>
              <TableCell className={styles.stackCell}>
                <span className={styles.counts}>
                  <span>{t('counts.active', { count: campaign.active_devices })}</span>
                  <span>{t('counts.deactivated', { count: campaign.deactivated_devices })}</span>
                </span>
              </TableCell>
              <TableCell className={styles.stackCell}>
                <CampaignMarkers campaign={campaign} />
              </TableCell>
              <TableCell className={styles.stackCell}>
                <span className={styles.actions}>
                  <AppLink to={`/campaigns/${campaign.id}/devices`}>{t('actions.devices')}</AppLink>
                  <AppLink to={`/campaigns/${campaign.id}/scheduler`}>{t('actions.scheduler')}</AppLink>
                  <RowMenu
                    label={t('actions.more', { name: campaign.name })}
                    items={[
                      ...(canEdit ? [{ key: 'edit', label: t('actions.edit'), onClick: () => onAction('edit', campaign) }] : []),
                      { key: 'report', label: t('actions.report'), onClick: () => onAction('report', campaign) },
                      ...(canEdit ? [{ key: 'delete', label: t('actions.delete'), onClick: () => onAction('delete', campaign) }] : []),
                    ]}
                  />
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <nav className={styles.pager} aria-label={t('list.pageOf', { page: query.page, pages })}>
        <Body1>
          {t('list.pageOf', { page: query.page, pages })} · {t('list.total', { count: page.count })}
        </Body1>
        <Button icon={<ChevronLeftRegular />} aria-label={t('list.previous')} disabled={query.page <= 1} onClick={() => list.send({ type: 'list.query', query: { page: query.page - 1 } })} />
        <Button icon={<ChevronRightRegular />} aria-label={t('list.next')} disabled={query.page >= pages} onClick={() => list.send({ type: 'list.query', query: { page: query.page + 1 } })} />
      </nav>
    </div>
  );
}
