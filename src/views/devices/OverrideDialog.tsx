import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Radio,
  RadioGroup,
  Spinner,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { DeviceOverridesActor, OverrideFields } from '../../machines/devices/deviceOverrides.machine.ts';
import { selectComposing } from '../../machines/devices/deviceOverrides.selectors.ts';
import { DateTimeInput } from '../common/DateTimeInput.tsx';
import { Dialog } from '../common/Dialog.tsx';
import { OptionPicker } from '../scheduler/OptionPicker.tsx';
import { useOverrideStyles } from './Devices.styles.ts';
import { formatDateTime } from './format.ts';
import { overrideChoiceSearchLogic } from './overrideLogic.ts';

/** Each kind of content: what its picker searches, the field of its name, its picker's placeholder. */
const CONTENTS = {
  media: { kind: 'media', name: 'mediaName', placeholder: 'override.searchMedia' },
  playlist: { kind: 'playlists', name: 'playlistName', placeholder: 'override.searchPlaylist' },
  layout: { kind: 'layouts', name: 'layoutName', placeholder: 'override.searchLayout' },
} as const;

/**
 * Starting an emergency override: what to show (a media file, a playlist or a layout, found by typing part of its name: the
 * server searches, so a company's thousands of files are all reachable) and until when, then a confirmation that
 * names how many screens it takes over (it overrides every schedule). `targets` says who, already translated.
 */
export interface OverrideDialogProps {
  overrides: DeviceOverridesActor;
  targets: string;
}

export function OverrideDialog({ overrides, targets }: OverrideDialogProps) {
  const { t, i18n } = useTranslation(['devices', 'common']);
  const styles = useOverrideStyles();
  const open = useSelector(overrides, selectComposing);
  const confirming = useSelector(overrides, (s) => s.matches('confirming') || s.matches('starting'));
  const starting = useSelector(overrides, (s) => s.matches('starting'));
  const fields = useSelector(overrides, (s) => s.context.fields);
  const problem = useSelector(overrides, (s) => s.context.problem);
  const screens = useSelector(overrides, (s) => s.context.draft?.screens ?? 0);
  if (!open) return null;

  const send = overrides.send;
  const content = CONTENTS[fields.content];
  const what = fields[content.name] ?? '';
  const until = fields.until ? formatDateTime(new Date(fields.until).toISOString(), i18n.language, fields.until) : t('override.untilCleared');
  const problemText = problem ? t(`override.errors.${problem}`, { defaultValue: t('override.errors.generic') }) : null;

  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && !starting && send({ type: 'override.cancel' })}>
      <DialogSurface aria-describedby="override-summary">
        <DialogBody>
          <DialogTitle>{confirming ? t('override.confirmTitle') : t('override.title')}</DialogTitle>
          <DialogContent className={styles.form}>
            <p id="override-summary" className={styles.summary}>
              {confirming ? t('override.confirmText', { count: screens, what, until }) : t('override.for', { targets })}
            </p>
            {confirming ? null : (
              <>
                <Field label={t('override.content')}>
                  <RadioGroup layout="horizontal" className={styles.choice} value={fields.content} onChange={(_, data) => send({ type: 'override.change', fields: { content: data.value as OverrideFields['content'] } })}>
                    <Radio value="media" label={t('override.media')} />
                    <Radio value="playlist" label={t('override.playlist')} />
                    <Radio value="layout" label={t('override.layout')} />
                  </RadioGroup>
                </Field>
                <OptionPicker
                  key={fields.content}
                  logic={overrideChoiceSearchLogic}
                  kind={content.kind}
                  campaign={null}
                  value={fields[fields.content]}
                  valueName={fields[content.name]}
                  onChange={(id, name) => send({ type: 'override.change', fields: { [fields.content]: id, [content.name]: name } })}
                  label={t(`override.${fields.content}`)}
                  placeholder={t(content.placeholder)}
                  required
                  className={styles.field}
                />
                <Field className={styles.field} label={t('override.until')}>
                  <DateTimeInput value={fields.until} onChange={(until) => send({ type: 'override.change', fields: { until } })} />
                </Field>
              </>
            )}
            {problemText ? (
              <p role="alert" className={styles.summary}>
                {problemText}
              </p>
            ) : null}
          </DialogContent>
          <DialogActions fluid>
            {confirming ? (
              <>
                <Button disabled={starting} onClick={() => send({ type: 'override.back' })}>
                  {t('override.back')}
                </Button>
                <Button appearance="primary" disabled={starting} icon={starting ? <Spinner size="tiny" /> : undefined} onClick={() => send({ type: 'override.confirm' })}>
                  {t('override.confirm')}
                </Button>
              </>
            ) : (
              <>
                <Button onClick={() => send({ type: 'override.cancel' })}>{t('override.cancel')}</Button>
                <Button appearance="primary" onClick={() => send({ type: 'override.review' })}>
                  {t('override.next')}
                </Button>
              </>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
