import { Field, Input, Select } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { playlistFormInput, playlistFormMachine } from '../../machines/playlists/playlistForm.machine.ts';
import { SCREEN_POSITIONS } from '../../services/schemas/media.ts';
import type { Playlist } from '../../services/schemas/playlists.ts';
import { FormDialog, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { playlistErrorKey } from './format.ts';

/** Add (playlist null) or edit a playlist: name (required, at most 30 characters) and screen position. */
export function PlaylistFormDialog({ playlist, onSaved, onClose }: { playlist: Playlist | null; onSaved: (saved: Playlist) => void; onClose: () => void }) {
  const { t } = useTranslation(['playlists', 'common']);
  const form = useFormActor(playlistFormMachine, { input: playlistFormInput(playlist), onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const message = (code: string) => t(`validation.${code === 'required' || code === 'too_long' || code === 'playlist_has_tracks' ? code : 'invalid'}`);
  const failure = error && !Object.keys(errors).length ? t(playlistErrorKey(error)) : null;
  const locked = !!playlist && playlist.tracks_count > 0;

  return (
    <FormDialog form={form} title={t(playlist ? 'form.editTitle' : 'form.addTitle')} failure={failure}>
      <Field label={t('fields.name')} required hint={t('form.nameHint')} {...fieldValidation(errors, 'name', message)}>
        <Input value={fields.name} onChange={(_, data) => change('name', data.value)} />
      </Field>
      <Field label={t('fields.screen_position')} hint={locked ? t('form.positionLocked') : undefined} {...fieldValidation(errors, 'screen_position', message)}>
        <Select
          value={fields.screen_position}
          disabled={locked}
          onChange={(_, data) => change('screen_position', data.value as Playlist['screen_position'])}
        >
          {SCREEN_POSITIONS.map((p) => (
            <option key={p} value={p}>
              {t(`positions.${p}`)}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}
