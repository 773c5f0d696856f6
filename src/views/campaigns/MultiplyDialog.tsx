import { useEffect, useMemo, useState } from 'react';
import { Button, Checkbox, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { CampaignDevicesActor } from '../../machines/campaigns/campaignDevices.machine.ts';
import { multiplyTargetsMachine } from '../../machines/campaigns/multiplyTargets.machine.ts';
import type { Campaign } from '../../services/campaigns/campaigns.service.ts';
import { Loading } from '../common/Loading.tsx';
import { useCampaignDevicesStyles } from './Campaigns.styles.ts';
import { Dialog } from '../common/Dialog.tsx';

/** Multiply: choose target campaigns of the same position, then see how many devices each gained. */
export function MultiplyDialog({ editor, campaign, onClose }: { editor: CampaignDevicesActor; campaign: Campaign; onClose: () => void }) {
  const { t } = useTranslation(['campaigns', 'common']);
  const styles = useCampaignDevicesStyles();
  const targets = useActorRef(multiplyTargetsMachine);
  useEffect(() => targets.send({ type: 'fetch.load', params: campaign.screen_position }), [targets, campaign.screen_position]);
  const loaded = useSelector(targets, (s) => s.context.data);
  const failed = useSelector(targets, (s) => s.matches('error'));
  const running = useSelector(editor, (s) => s.matches({ changes: 'multiplying' }));
  const result = useSelector(editor, (s) => s.context.multiplyResult);
  const error = useSelector(editor, (s) => s.context.multiplyError);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const others = useMemo(() => (loaded ?? []).filter((c) => c.id !== campaign.id), [loaded, campaign.id]);
  const close = () => {
    editor.send({ type: 'result.dismiss' });
    onClose();
  };

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !running && close()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{result ? t('multiply.resultTitle') : t('multiply.title')}</DialogTitle>
          <DialogContent>
            {result ? (
              <ul className={styles.rows} role="status">
                {result.results.map((row) => (
                  <li key={row.campaign}>{t('multiply.result', { name: row.name, count: row.added })}</li>
                ))}
              </ul>
            ) : (
              <>
                <p>{t('multiply.text')}</p>
                {failed ? <p role="alert">{t('multiply.loadError')}</p> : !loaded ? <Loading /> : others.length === 0 ? <p>{t('multiply.none')}</p> : null}
                <div className={styles.checks}>
                  {others.map((target) => (
                    <Checkbox
                      key={target.id}
                      label={target.name}
                      checked={chosen.has(target.id)}
                      disabled={running}
                      onChange={(_, data) =>
                        setChosen((current) => {
                          const next = new Set(current);
                          if (data.checked) next.add(target.id);
                          else next.delete(target.id);
                          return next;
                        })
                      }
                    />
                  ))}
                </div>
                {error ? <p role="alert">{t('multiply.error')}</p> : null}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button disabled={running} onClick={close}>
              {t('common:actions.close')}
            </Button>
            {result ? null : (
              <Button
                appearance="primary"
                disabled={running || chosen.size === 0}
                icon={running ? <Spinner size="tiny" /> : undefined}
                onClick={() => editor.send({ type: 'multiply.start', campaigns: [...chosen] })}
              >
                {t('multiply.start')}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
