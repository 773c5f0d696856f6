import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { CampaignDevicesActor } from '../../machines/campaigns/campaignDevices.machine.ts';
import { importSummary } from '../../machines/campaigns/campaignDevices.selectors.ts';
import { useCampaignDevicesStyles } from './Campaigns.styles.ts';
import { Dialog } from '../common/Dialog.tsx';

/** What an import did: the spec's summary line, how many devices joined the list, and every file row left out with why. */
export function ImportResultDialog({ editor }: { editor: CampaignDevicesActor }) {
  const { t } = useTranslation(['campaigns', 'common']);
  const styles = useCampaignDevicesStyles();
  const result = useSelector(editor, (s) => s.context.importResult);
  const failure = useSelector(editor, (s) => s.context.importError);
  if (!result && !failure) return null;
  const summary = result ? importSummary(result) : null;
  const close = () => editor.send({ type: 'result.dismiss' });
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface aria-describedby="import-summary">
        <DialogBody>
          <DialogTitle>{t('import.title')}</DialogTitle>
          <DialogContent>
            <p id="import-summary" role="status">
              {failure ? t(failure) : t(summary!.key, { count: summary!.count })}
            </p>
            {result && result.devices.length > 0 ? (
              <p>
                {t('import.found', { count: result.devices.length })} {t('import.saveHint')}
              </p>
            ) : null}
            {result && result.notInvolved.length > 0 ? (
              <ul className={styles.rows} aria-label={t(summary!.key, { count: summary!.count })}>
                {result.notInvolved.map((row) => (
                  <li key={row.row}>
                    {t('import.row', { row: row.row })}: {row.value} ({row.reason === 'position' ? t('import.reasonPosition') : t('import.reasonUnknown')})
                  </li>
                ))}
              </ul>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={close}>
              {t('common:actions.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
