import { type FormEvent, useMemo, useRef } from 'react';
import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, Select, Spinner, Textarea } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { DeviceFormField, DeviceFormValues } from '../../machines/devices/devicesForm.machine.ts';
import type { Device } from '../../services/devices.service.ts';
import { DEFAULT_CONFIGS, DEVICE_POSITIONS, DEVICE_TYPES } from '../../services/schemas/devices.ts';
import { DateInput } from '../common/DateInput.tsx';
import { useNotify } from '../common/notify.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { useDeviceFormStyles } from './Devices.styles.ts';
import { fieldErrorMessage } from './format.ts';
import { deviceFormLogic } from './formLogic.ts';
import { useLocationOptions } from './useDeviceFilterOptions.ts';
import { Dialog } from '../common/Dialog.tsx';

export interface DeviceFormDialogProps {
  /** The device to edit; absent to add one. */
  device?: Device;
  prefill?: Partial<DeviceFormValues>;
  onSaved: (device: Device, created: boolean) => void;
  onClose: () => void;
}

const TEXT_FIELDS: { field: DeviceFormField; date?: boolean; hint?: string; required?: boolean }[] = [
  { field: 'sn', required: true },
  { field: 'name' },
  { field: 'mac', hint: 'form.macHint' },
  { field: 'ip', hint: 'form.ipHint' },
  { field: 'screen_type' },
  { field: 'mount_date', date: true },
  { field: 'warranty', date: true },
];

/** The add-device and edit-device form (validation in the machine; "Device already exist" on a duplicate). */
export function DeviceFormDialog({ device, prefill, onSaved, onClose }: DeviceFormDialogProps) {
  const { t, i18n } = useTranslation(['devices', 'common']);
  const styles = useDeviceFormStyles();
  const notify = useNotify();
  // The actor keeps the logic it started with: the callbacks are read through a ref, so the latest ones run.
  const callbacks = useRef({ onSaved, onClose });
  callbacks.current = { onSaved, onClose };
  const logic = useMemo(
    () =>
      deviceFormLogic.provide({
        actions: {
          saved: (_, params) => {
            notify(params.created ? i18n.t('common:messages.addSuccess') : i18n.t('devices:form.updated'), 'success');
            callbacks.current.onSaved(params.device, params.created);
          },
          cancelled: () => callbacks.current.onClose(),
        },
      }),
    [notify, i18n],
  );
  const form = useActorRef(logic, { input: { device, prefill } });
  const values = useSelector(form, (s) => s.context.values);
  const errors = useSelector(form, (s) => s.context.errors);
  const failure = useSelector(form, (s) => s.context.failure);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const { offices } = useLocationOptions();
  const change = (field: DeviceFormField, value: string) => form.send({ type: 'form.change', field, value });
  const fieldProps = (field: DeviceFormField) => {
    const message = fieldErrorMessage(t, field, errors[field]);
    return { label: t(`fields.${field}`), validationState: message ? ('error' as const) : ('none' as const), validationMessage: message };
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'form.submit' });
  };
  const failureText = failure && failure !== 'validation' ? (failure === 'device_exists' || failure === 'unknown_office' || failure === 'device_in_campaign' ? t(`errors.${failure}`) : t(`common:${errorMessageKey(failure)}`)) : null;

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !busy && form.send({ type: 'form.cancel' })}>
      <DialogSurface className={styles.surface}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{device ? t('form.editTitle', { name: device.name || device.sn }) : t('form.addTitle')}</DialogTitle>
            <DialogContent>
              {failureText ? (
                <p role="alert" className={styles.wide}>
                  {failureText}
                </p>
              ) : null}
              <div className={styles.grid}>
                {TEXT_FIELDS.map(({ field, date, hint, required }) => (
                  <Field key={field} {...fieldProps(field)} hint={hint ? t(hint) : undefined} required={required}>
                    {date ? (
                      <DateInput value={values[field]} onChange={(value) => change(field, value)} />
                    ) : (
                      <Input value={values[field]} onChange={(_, data) => change(field, data.value)} required={required} />
                    )}
                  </Field>
                ))}
                <Field {...fieldProps('office')}>
                  <Select value={values.office} onChange={(_, data) => change('office', data.value)}>
                    <option value="">{t('form.noOffice')}</option>
                    {offices.map((office) => (
                      <option key={office.id} value={office.id}>{`${office.company_name} · ${office.name}`}</option>
                    ))}
                  </Select>
                </Field>
                <Field {...fieldProps('device_type')}>
                  <Select value={values.device_type} onChange={(_, data) => change('device_type', data.value)}>
                    {DEVICE_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`types.${type}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field {...fieldProps('position')}>
                  <Select value={values.position} onChange={(_, data) => change('position', data.value)}>
                    {DEVICE_POSITIONS.map((position) => (
                      <option key={position} value={position}>
                        {t(`position.${position}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field {...fieldProps('default_config')}>
                  <Select value={values.default_config} onChange={(_, data) => change('default_config', data.value)} disabled={Boolean(device)}>
                    {DEFAULT_CONFIGS.map((profile) => (
                      <option key={profile} value={profile}>
                        {t(`profiles.${profile}`)}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field {...fieldProps('tags')} hint={t('form.tagsHint')} className={styles.wide}>
                  <Input value={values.tags} onChange={(_, data) => change('tags', data.value)} />
                </Field>
                <Field {...fieldProps('description')} className={styles.wide}>
                  <Textarea value={values.description} onChange={(_, data) => change('description', data.value)} resize="vertical" />
                </Field>
              </div>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => form.send({ type: 'form.cancel' })} disabled={busy}>
                {t('actions.cancel')}
              </Button>
              <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
                {t('actions.save')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
