import { useMemo, useRef } from 'react';
import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components';
import { AlertUrgentRegular, ArrowClockwiseRegular, CheckmarkCircleRegular, DeleteRegular, EditRegular, ImageAddRegular, ImageOffRegular, MapRegular, PowerRegular, SettingsRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { useNavigate } from '../app/router.tsx';
import type { Device } from '../../services/devices.service.ts';
import { ConfirmDeleteDialog } from '../common/ConfirmDeleteDialog.tsx';
import { useNotify } from '../common/notify.tsx';
import { useCan } from '../common/usePermission.ts';
import { DeviceDetails } from './DeviceDetails.tsx';
import { DevicePlayback } from './DevicePlayback.tsx';
import { DeviceScreenshot } from './DeviceScreenshot.tsx';
import { useDeviceCardStyles } from './Devices.styles.ts';
import { deviceActivationLogic, deviceCardLogic } from './cardLogic.ts';
import { deviceOverridesLogic } from './logic.ts';
import { OverrideDialog } from './OverrideDialog.tsx';
import { OverridePanel } from './OverridePanel.tsx';
import { useDevicePhoto } from './useDevicePhoto.ts';
import { Dialog } from '../common/Dialog.tsx';

export interface DeviceCardProps {
  device: Device;
  onEdit: (device: Device) => void;
  onChanged: (device: Device) => void;
  onActivationChanged: (device: Device) => void;
  onRemoved: (id: number) => void;
  onClose: () => void;
  /** An emergency override was started or cleared from the card. */
  onOverridesChanged?: () => void;
}

/** The device card: every field, status, photo, and the actions of the spec (reboot, check, activation, delete). */
export function DeviceCard({ device: initial, onEdit, onChanged, onActivationChanged, onRemoved, onClose, onOverridesChanged }: DeviceCardProps) {
  const { t, i18n } = useTranslation(['devices', 'common']);
  const styles = useDeviceCardStyles();
  const notify = useNotify();
  const navigate = useNavigate();
  const canEdit = useCan('devices');
  const fileInput = useRef<HTMLInputElement>(null);
  // The actors keep the logic they started with: the callbacks are read through a ref, so the latest ones run.
  const callbacks = useRef({ onChanged, onActivationChanged, onRemoved, onOverridesChanged });
  callbacks.current = { onChanged, onActivationChanged, onRemoved, onOverridesChanged };
  const say = (params: { intent: 'success' | 'error' | 'info'; message: string }) => notify(i18n.t(params.message), params.intent);
  const cardLogicWithActions = useMemo(
    () =>
      deviceCardLogic.provide({
        actions: {
          notify: (_, params) => say(params),
          changed: (_, { device }) => callbacks.current.onChanged(device),
          removed: (_, { id }) => callbacks.current.onRemoved(id),
        },
      }),
    [],
  );
  const card = useActorRef(cardLogicWithActions, { input: { device: initial } });
  const activationLogic = useMemo(
    () =>
      deviceActivationLogic.provide({
        actions: {
          notify: (_, params) => say(params),
          changed: (_, { device }) => {
            card.send({ type: 'card.sync', device });
            callbacks.current.onActivationChanged(device);
          },
        },
      }),
    [card],
  );
  const activation = useActorRef(activationLogic, { input: { device: initial } });
  const overridesLogic = useMemo(
    () => deviceOverridesLogic.provide({ actions: { notify: (_, params) => say(params), changed: () => callbacks.current.onOverridesChanged?.() } }),
    [],
  );
  const overrides = useActorRef(overridesLogic, { input: { device: initial.id } });
  const overrideBusy = useSelector(overrides, (s) => !s.matches('ready'));
  const device = useSelector(card, (s) => s.context.device);
  const busy = useSelector(card, (s) => s.hasTag('busy'));
  const confirming = useSelector(card, (s) => s.matches('confirmingDelete') || s.matches('deleting'));
  const deleting = useSelector(card, (s) => s.matches('deleting'));
  const active = useSelector(activation, (s) => s.matches('active') || s.matches('deactivating'));
  const switching = useSelector(activation, (s) => s.hasTag('busy'));
  const photoUrl = useDevicePhoto(device.photo);
  const name = device.name || device.sn;

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !confirming && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody className={styles.body}>
          <DialogTitle>{t('card.title', { name })}</DialogTitle>
          <DialogContent className={styles.content}>
            <OverridePanel overrides={overrides} showTargets={false} />
            <div className={styles.layout}>
              <DeviceDetails device={device} />
              <div className={styles.photoBox}>
                {photoUrl ? <img src={photoUrl} alt={t('photo.alt', { name })} className={styles.photo} /> : <div className={styles.photoEmpty}>{t('photo.none')}</div>}
                <input
                  ref={fileInput}
                  type="file"
                  accept="image/png,image/jpeg,image/webp"
                  className={styles.hidden}
                  aria-label={t('photo.set')}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    if (file) card.send({ type: 'card.photo.set', file });
                    event.target.value = '';
                  }}
                />
                {canEdit ? (
                  <div className={styles.actions}>
                    <Button icon={<ImageAddRegular />} disabled={busy} onClick={() => fileInput.current?.click()} title={t('photo.hint')}>
                      {t('photo.set')}
                    </Button>
                    <Button icon={<ImageOffRegular />} disabled={busy || !device.photo} onClick={() => card.send({ type: 'card.photo.clear' })}>
                      {t('photo.clear')}
                    </Button>
                  </div>
                ) : null}
              </div>
            </div>
            <DevicePlayback deviceId={device.id} />
            <DeviceScreenshot deviceId={device.id} name={name} />
          </DialogContent>
          <DialogActions fluid className={styles.actions}>
            {canEdit ? (
              <Button icon={<EditRegular />} onClick={() => onEdit(device)} disabled={busy}>
                {t('actions.edit')}
              </Button>
            ) : null}
            <Button icon={<SettingsRegular />} onClick={() => navigate(`/devices/${device.id}/configs`)}>
              {t('actions.configs')}
            </Button>
            <Button icon={<MapRegular />} onClick={() => navigate(`/navigation/${device.id}`)}>
              {t('actions.navigation')}
            </Button>
            {canEdit ? (
              <Button
                icon={<AlertUrgentRegular />}
                disabled={overrideBusy}
                title={t('override.startHint')}
                onClick={() => overrides.send({ type: 'override.compose', draft: { targets: { kind: 'devices', ids: [device.id] }, screens: 1 } })}
              >
                {t('override.start')}
              </Button>
            ) : null}
            {canEdit ? (
              <Button icon={<ArrowClockwiseRegular />} disabled={busy || !device.is_active} onClick={() => card.send({ type: 'card.reboot' })}>
                {t('actions.reboot')}
              </Button>
            ) : null}
            <Button icon={<CheckmarkCircleRegular />} disabled={busy} onClick={() => card.send({ type: 'card.check' })}>
              {t('actions.check')}
            </Button>
            {canEdit ? (
              <>
                <Button icon={switching ? <Spinner size="tiny" /> : <PowerRegular />} disabled={switching} onClick={() => activation.send({ type: 'activation.toggle' })}>
                  {active ? t('actions.deactivate') : t('actions.activate')}
                </Button>
                <Button icon={<DeleteRegular />} disabled={busy} onClick={() => card.send({ type: 'card.delete' })}>
                  {t('actions.delete')}
                </Button>
              </>
            ) : null}
            <Button appearance="primary" onClick={onClose}>
              {t('actions.close')}
            </Button>
          </DialogActions>
        </DialogBody>
        <OverrideDialog overrides={overrides} targets={name} />
      </DialogSurface>
      <ConfirmDeleteDialog
        open={confirming}
        busy={deleting}
        title={t('card.title', { name })}
        onConfirm={() => card.send({ type: 'card.delete.confirm' })}
        onCancel={() => card.send({ type: 'card.delete.cancel' })}
      />
    </Dialog>
  );
}
