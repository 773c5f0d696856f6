import { useEffect, useMemo, useRef, useState } from 'react';
import { Body1, Button, Spinner, Tooltip } from '@fluentui/react-components';
import { ArrowUploadRegular, CopyRegular, DismissRegular, SaveRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { useParams } from '../app/router.tsx';
import { campaignDevicesMachine } from '../../machines/campaigns/campaignDevices.machine.ts';
import { selectBusy, selectDirty, selectImporting, selectPendingCount, selectSaving } from '../../machines/campaigns/campaignDevices.selectors.ts';
import { campaignDevicesCampaignMachine } from '../../machines/campaigns/campaignDevicesCampaign.machine.ts';
import { LeaveGuard } from '../common/LeaveGuard.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { AppLink } from './AppLink.tsx';
import { useCampaignDevicesStyles } from './Campaigns.styles.ts';
import { DeviceSide } from './DeviceSide.tsx';
import { ImportResultDialog } from './ImportResultDialog.tsx';
import { MultiplyDialog } from './MultiplyDialog.tsx';

/** Which devices show the campaign: participating and available side by side, moves, XLS(X) import, multiply, save. */
export default function CampaignDevicesScreen() {
  const { t, i18n } = useTranslation(['campaigns', 'screens', 'common']);
  usePageTitle('screens:titles.campaignDevices');
  const styles = useCampaignDevicesStyles();
  const campaignId = Number(useParams().campaignId);
  const notify = useNotify();
  const canEdit = useCan('campaigns');
  const logic = useMemo(() => campaignDevicesMachine.provide({ actions: { notify: (_, { intent, message }) => notify(i18n.t(message), intent) } }), [i18n, notify]);
  const editor = useActorRef(logic, { input: { campaignId } });
  const campaignActor = useActorRef(campaignDevicesCampaignMachine);
  useEffect(() => campaignActor.send({ type: 'fetch.load', params: campaignId }), [campaignActor, campaignId]);
  const campaign = useSelector(campaignActor, (s) => s.context.data);
  const dirty = useSelector(editor, selectDirty);
  const busy = useSelector(editor, selectBusy);
  const importing = useSelector(editor, selectImporting);
  const saving = useSelector(editor, selectSaving);
  const pending = useSelector(editor, selectPendingCount);
  const canSave = useSelector(editor, (s) => s.can({ type: 'changes.save' }));
  const canMultiply = useSelector(editor, (s) => s.can({ type: 'multiply.start', campaigns: [0] }));
  const [multiplying, setMultiplying] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  return (
    <section>
      <PageHeader
        title={t('devices.title', { name: campaign?.name ?? '…' })}
        actions={
          <>
            <AppLink to="/campaigns">{t('devices.back')}</AppLink>
            <input
              ref={fileInput}
              className={styles.hiddenInput}
              type="file"
              accept=".xlsx,.xls,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel"
              aria-label={t('import.button')}
              data-testid="campaign-import-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) editor.send({ type: 'import.start', file });
                event.target.value = '';
              }}
            />
            {canEdit ? (
              <>
                <Button icon={importing ? <Spinner size="tiny" /> : <ArrowUploadRegular />} disabled={busy} onClick={() => fileInput.current?.click()}>
                  {importing ? t('import.importing') : t('import.button')}
                </Button>
                <Tooltip content={canMultiply ? t('multiply.text') : t('multiply.saveFirst')} relationship="description">
                  <Button icon={<CopyRegular />} disabled={!canMultiply || !campaign} onClick={() => setMultiplying(true)}>
                    {t('multiply.button')}
                  </Button>
                </Tooltip>
              </>
            ) : null}
          </>
        }
      />
      <div className={styles.bar}>
        {dirty ? (
          <Body1 className={styles.pending} role="status">
            {t('devices.pending', { count: pending })}
          </Body1>
        ) : null}
        {canEdit ? (
          <>
            <Button appearance="primary" icon={saving ? <Spinner size="tiny" /> : <SaveRegular />} disabled={!canSave} onClick={() => editor.send({ type: 'changes.save' })}>
              {t('devices.save')}
            </Button>
            <Button icon={<DismissRegular />} disabled={!dirty || busy} onClick={() => editor.send({ type: 'changes.discard' })}>
              {t('devices.discard')}
            </Button>
            <span className={styles.hint}>{t('devices.keyboardHint')}</span>
          </>
        ) : (
          <span className={styles.hint}>{t('common:viewOnly')}</span>
        )}
      </div>
      {campaign ? (
        <Body1 as="p" className={styles.hint}>
          {t('devices.positionHint', { context: campaign.screen_position })}
        </Body1>
      ) : null}
      <div className={styles.sides}>
        <DeviceSide editor={editor} side="participating" />
        <DeviceSide editor={editor} side="available" />
      </div>
      <ImportResultDialog editor={editor} />
      {multiplying && campaign ? <MultiplyDialog editor={editor} campaign={campaign} onClose={() => setMultiplying(false)} /> : null}
      <LeaveGuard when={dirty} texts={{ title: t('leave.title'), text: t('leave.text'), stay: t('leave.stay'), leave: t('leave.leave') }} />
    </section>
  );
}
