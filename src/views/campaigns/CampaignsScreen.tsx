import { useCallback, useMemo, useState } from 'react';
import { Button, Field, SearchBox, Select } from '@fluentui/react-components';
import { AddRegular, ArrowSyncRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { campaignsListMachine } from '../../machines/campaigns/campaignsList.machine.ts';
import type { Campaign } from '../../services/campaigns/campaigns.service.ts';
import { CAMPAIGN_FILTERS, type CampaignFilter } from '../../services/schemas/campaigns.ts';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { CampaignFormDialog, CampaignReportDialog } from './lazyDialogs.tsx';
import { CampaignTable, type CampaignAction } from './CampaignTable.tsx';
import { useCampaignsStyles } from './Campaigns.styles.ts';

type Dialog = { kind: 'add' } | { kind: CampaignAction; campaign: Campaign } | null;

/** Campaigns: search and state filter, counters and markers, add / edit / delete, links to devices and scheduler, report. */
export default function CampaignsScreen() {
  const { t, i18n } = useTranslation(['campaigns', 'screens', 'common']);
  usePageTitle('screens:titles.campaigns');
  const styles = useCampaignsStyles();
  const notify = useNotify();
  const canEdit = useCan('campaigns');
  const logic = useMemo(() => campaignsListMachine.provide({ actions: { notify: (_, { intent, message }) => notify(i18n.t(message), intent) } }), [i18n, notify]);
  const list = useActorRef(logic);
  const deleting = useSelector(list, (s) => s.matches('deleting'));
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = useCallback(() => setDialog(null), []);
  const saved = useCallback(
    (_: Campaign, created: boolean) => {
      notify(t(created ? 'form.added' : 'form.updated'), 'success');
      list.send({ type: 'list.reload' });
    },
    [list, notify, t],
  );

  return (
    <section>
      <PageHeader
        title={t('screens:titles.campaigns')}
        actions={
          <>
            <Button icon={<ArrowSyncRegular />} onClick={() => list.send({ type: 'list.reload' })}>
              {t('common:actions.refresh')}
            </Button>
            {canEdit ? (
              <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ kind: 'add' })}>
                {t('actions.add')}
              </Button>
            ) : null}
          </>
        }
      />
      <div className={styles.toolbar} role="search">
        <SearchBox className={styles.search} aria-label={t('search')} placeholder={t('search')} onChange={(_, data) => list.send({ type: 'list.query', query: { search: data.value } })} />
        <Field label={t('filters.label')} className={styles.filter}>
          <Select onChange={(_, data) => list.send({ type: 'list.query', query: { status: (data.value || undefined) as CampaignFilter | undefined } })}>
            <option value="">{t('filters.all')}</option>
            {CAMPAIGN_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {t(`filters.${filter}`)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <CampaignTable list={list} onAction={(kind, campaign) => setDialog({ kind, campaign })} />
      {dialog?.kind === 'add' ? <CampaignFormDialog campaign={null} onSaved={saved} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <CampaignFormDialog campaign={dialog.campaign} onSaved={saved} onClose={close} /> : null}
      {dialog?.kind === 'report' ? <CampaignReportDialog campaign={dialog.campaign} onClose={close} /> : null}
      <ConfirmDeleteDialog
        open={dialog?.kind === 'delete'}
        busy={deleting}
        title={dialog?.kind === 'delete' ? dialog.campaign.name : undefined}
        onCancel={close}
        onConfirm={() => {
          if (dialog?.kind === 'delete') list.send({ type: 'campaign.delete', id: dialog.campaign.id });
          close();
        }}
      />
    </section>
  );
}
