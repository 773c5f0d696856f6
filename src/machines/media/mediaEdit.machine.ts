import { StructError, create } from 'superstruct';
import { createFormMachine, fieldErrorsFromFailures, type FieldErrors } from '../form/form.machine.ts';
import { updateMedia } from '../../services/media.service.ts';
import { MediaUpdateBody, type MediaFile } from '../../services/schemas/media.ts';

export type MediaEditFields = Required<Pick<MediaUpdateBody, 'name' | 'description' | 'screen_position' | 'device_type'>>;

export function mediaEditFieldErrors(fields: MediaEditFields): FieldErrors {
  try {
    create({ ...fields, name: fields.name.trim() }, MediaUpdateBody);
    return {};
  } catch (error) {
    if (!(error instanceof StructError)) throw error;
    return fieldErrorsFromFailures(error.failures());
  }
}

export function mediaEditInput(media: MediaFile) {
  const { id, name, description, screen_position, device_type } = media;
  return { id, fields: { name, description, screen_position, device_type } };
}

/** The edit-media form: name, description, screen position, device type; saved with PUT /media/files/{id}. */
export const mediaEditMachine = createFormMachine<MediaEditFields, MediaFile>({
  id: 'mediaEdit',
  validate: mediaEditFieldErrors,
  save: ({ id, fields }) => updateMedia(id!, { ...fields, name: fields.name.trim() }),
});
