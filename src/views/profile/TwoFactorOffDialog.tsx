import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Spinner } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { TwoFactorActor } from '../../machines/profile/twoFactor.machine.ts';
import { Dialog } from '../common/Dialog.tsx';
import { useTwoFactorError } from './TwoFactorSection.tsx';

/** The confirmation of turning two-factor codes off: a current code from the app or a recovery code proves it is the user. */
export function TwoFactorOffDialog({ actor }: { actor: TwoFactorActor }) {
  const { t } = useTranslation(['profile', 'common']);
  const code = useSelector(actor, (s) => s.context.code);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const message = useTwoFactorError();
  const cancel = () => actor.send({ type: 'twoFactor.cancel' });
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !busy && cancel()}>
      <DialogSurface aria-describedby="two-factor-off-text">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'twoFactor.confirmOff' });
          }}
        >
          <DialogBody>
            <DialogTitle>{t('twoFactor.offTitle')}</DialogTitle>
            <DialogContent>
              <p id="two-factor-off-text">{t('twoFactor.offText')}</p>
              <Field label={t('twoFactor.offCode')} validationState={error ? 'error' : 'none'} validationMessage={message(error, true)}>
                <Input value={code} autoComplete="one-time-code" maxLength={20} disabled={busy} onChange={(_, data) => actor.send({ type: 'code.change', code: data.value })} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" disabled={busy} onClick={cancel}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" appearance="primary" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {t('twoFactor.offConfirm')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
