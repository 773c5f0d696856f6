import { Field, Input, Select, Textarea } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { mediaEditInput, mediaEditMachine } from '../../machines/media/mediaEdit.machine.ts';
import { DEVICE_TYPES } from '../../services/schemas/devices.ts';
import { SCREEN_POSITIONS, type MediaFile } from '../../services/schemas/media.ts';
import { FormDialog, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { mediaErrorKey } from './format.ts';

/** The edit-media form (name, description, screen position, device type). */
export function MediaEditDialog({ media, onSaved, onClose }: { media: MediaFile; onSaved: (media: MediaFile) => void; onClose: () => void }) {
  const { t } = useTranslation(['media', 'common']);
  const form = useFormActor(mediaEditMachine, { input: mediaEditInput(media), onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const message = (code: string) => t(code === 'required' ? 'common:validation.required' : 'media:validation.invalid');
  const failure = error && !Object.keys(errors).length ? `${t('messages.editError')}: ${t(mediaErrorKey(error))}` : null;

  return (
    <FormDialog form={form} title={t('edit.title')} failure={failure}>
      <Field label={t('fields.name')} required {...fieldValidation(errors, 'name', message)}>
        <Input value={fields.name} onChange={(_, data) => change('name', data.value)} />
      </Field>
      <Field label={t('fields.screen_position')}>
        <Select value={fields.screen_position} onChange={(_, data) => change('screen_position', data.value as MediaFile['screen_position'])}>
          {SCREEN_POSITIONS.map((p) => (
            <option key={p} value={p}>
              {t(`positions.${p}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('fields.device_type')}>
        <Select value={fields.device_type} onChange={(_, data) => change('device_type', data.value as MediaFile['device_type'])}>
          {DEVICE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`deviceTypes.${type}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('fields.description')} {...fieldValidation(errors, 'description', message)}>
        <Textarea value={fields.description} onChange={(_, data) => change('description', data.value)} resize="vertical" />
      </Field>
    </FormDialog>
  );
}
