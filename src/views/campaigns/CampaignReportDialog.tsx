import { useMemo } from 'react';
import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, ProgressBar } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { campaignReportMachine } from '../../machines/campaigns/campaignReport.machine.ts';
import type { Campaign } from '../../services/campaigns/campaigns.service.ts';
import { currentLanguage } from '../../i18n.ts';
import { DateInput } from '../common/DateInput.tsx';
import { saveBlob } from '../devices/format.ts';
import { useCampaignsStyles } from './Campaigns.styles.ts';
import { Dialog } from '../common/Dialog.tsx';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The report download: a from-to period, progress while the server builds the xlsx, the spec's message on failure. */
export function CampaignReportDialog({ campaign, onClose }: { campaign: Campaign; onClose: () => void }) {
  const { t, i18n } = useTranslation(['campaigns', 'common']);
  const styles = useCampaignsStyles();
  const logic = useMemo(
    () =>
      campaignReportMachine.provide({
        actions: {
          saveFile: (_, { blob, from, to }) => saveBlob(blob, i18n.t('campaigns:report.fileName', { from, to })),
          closed: () => onClose(),
        },
      }),
    [i18n, onClose],
  );
  const today = new Date();
  const report = useActorRef(logic, {
    input: { campaignId: campaign.id, from: isoDay(new Date(today.getTime() - 29 * 86_400_000)), to: isoDay(today), lang: currentLanguage(i18n.language) },
  });
  const from = useSelector(report, (s) => s.context.from);
  const to = useSelector(report, (s) => s.context.to);
  const periodError = useSelector(report, (s) => s.context.periodError);
  const building = useSelector(report, (s) => s.hasTag('busy'));
  const failed = useSelector(report, (s) => s.matches('failed'));

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !building && report.send({ type: 'report.cancel' })}>
      <DialogSurface>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            report.send({ type: 'report.build' });
          }}
        >
          <DialogBody>
            <DialogTitle>{t('report.title', { name: campaign.name })}</DialogTitle>
            <DialogContent className={styles.progress}>
              <div className={styles.dates}>
                <Field label={t('report.from')} validationState={periodError ? 'error' : 'none'}>
                  <DateInput value={from} disabled={building} onChange={(value) => report.send({ type: 'period.change', from: value })} />
                </Field>
                <Field label={t('report.to')} validationState={periodError ? 'error' : 'none'} validationMessage={periodError ? t(periodError) : undefined}>
                  <DateInput value={to} disabled={building} onChange={(value) => report.send({ type: 'period.change', to: value })} />
                </Field>
              </div>
              {building ? (
                <Field validationMessage={t('report.building')} validationState="none">
                  <ProgressBar aria-label={t('report.building')} />
                </Field>
              ) : null}
              {failed ? <p role="alert">{t('report.error')}</p> : null}
            </DialogContent>
            <DialogActions>
              <Button disabled={building} onClick={() => report.send({ type: 'report.cancel' })}>
                {t('common:actions.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={building}>
                {t('report.download')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
