import type { CSSProperties } from 'react';
import { Button, Checkbox, Field, Input, Radio, RadioGroup, ToggleButton, mergeClasses } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { eventFormInput, eventFormMachine, WEEKDAYS, type EventFields, type EventStart } from '../../machines/scheduler/eventForm.machine.ts';
import { currentLanguage } from '../../i18n.ts';
import type { EventOptions, SchedulerEvent } from '../../services/scheduler.ts';
import { DateInput } from '../common/DateInput.tsx';
import { FormDialog, FormRow, fieldValidation, useFormActor, useFormState } from '../common/FormDialog.tsx';
import { DeviceSection } from './DeviceSection.tsx';
import { OptionPicker } from './OptionPicker.tsx';
import { useEventFormStyles } from './EventFormDialog.styles.ts';

/** Colours offered for an event (any other through the colour input). */
export const EVENT_COLORS = ['#3788d8', '#107c10', '#c50f1f', '#8764b8', '#ca5010', '#038387', '#4f6bed', '#5c2e91'] as const;

const KNOWN_CODES = ['title_required', 'media_or_playlist_required', 'devices_required', 'weekdays_required', 'time_required', 'end_before_start'];

/** The short weekday name of an ISO day in the language (2026-11-02 is a Monday). */
function weekdayName(day: number, language: string, width: 'short' | 'long') {
  return new Intl.DateTimeFormat(language, { weekday: width }).format(new Date(2026, 10, 1 + day));
}

export interface EventFormDialogProps {
  /** The event edited, or where a new one starts. */
  from: SchedulerEvent | EventStart;
  options: EventOptions;
  onSaved: (event: SchedulerEvent) => void;
  onDelete?: (event: SchedulerEvent) => void;
  onClose: () => void;
}

/** Add or edit an event: title, playlist, media or layout, dates and times, all day, weekly repeat, colour, duration, priority, devices. */
export function EventFormDialog({ from, options, onSaved, onDelete, onClose }: EventFormDialogProps) {
  const { t, i18n } = useTranslation(['scheduler', 'common']);
  const styles = useEventFormStyles();
  const language = currentLanguage(i18n.language);
  const form = useFormActor(eventFormMachine, { input: eventFormInput(from), onSaved, onClose });
  const { fields, errors, error, change } = useFormState(form);
  const message = (code: string) => t(`validation.${KNOWN_CODES.includes(code) ? code : 'invalid'}`);
  const failure = error && !Object.keys(errors).length ? t('messages.saveError') : null;
  const editing = 'id' in from ? from : null;
  const set = <K extends keyof EventFields & string>(field: K) => (value: EventFields[K]) => change(field, value);
  // The names of what the event plays as it opens (the pickers search for the rest).
  const names = editing
    ? { playlist: editing.playlist_name, media: editing.media_name, layout: editing.layout_name ?? null }
    : { playlist: (from as EventStart).playlist?.name ?? null, media: null, layout: null };
  const describeCommitted = (option: { name: string; committed?: boolean }) => (option.committed === false ? `${option.name} (${t('panel.uncommitted')})` : option.name);

  return (
    <FormDialog form={form} title={t(editing ? 'form.editTitle' : 'form.addTitle')} failure={failure}>
      <Field label={t('form.title')} required {...fieldValidation(errors, 'title', message)}>
        <Input value={fields.title} maxLength={200} onChange={(_, data) => change('title', data.value)} />
      </Field>
      <Field label={t('form.content')} required {...fieldValidation(errors, 'media', message)}>
        <RadioGroup layout="horizontal" className={styles.choice} value={fields.source} onChange={(_, data) => change('source', data.value as EventFields['source'])} aria-label={t('form.content')}>
          <Radio value="playlist" label={t('form.playlist')} />
          <Radio value="media" label={t('form.media')} />
          <Radio value="layout" label={t('form.layout')} />
        </RadioGroup>
      </Field>
      {fields.source === 'playlist' ? (
        <OptionPicker
          key="playlists"
          kind="playlists"
          campaign={fields.campaign}
          value={fields.playlist}
          valueName={names.playlist}
          onChange={(id) => change('playlist', id)}
          label={t('form.playlist')}
          placeholder={t('form.playlistSearch')}
          describe={describeCommitted}
        />
      ) : fields.source === 'layout' ? (
        <OptionPicker
          key="layouts"
          kind="layouts"
          campaign={fields.campaign}
          value={fields.layout}
          valueName={names.layout}
          onChange={(id) => change('layout', id)}
          label={t('form.layout')}
          placeholder={t('form.layoutSearch')}
          describe={describeCommitted}
        />
      ) : (
        <OptionPicker
          key="media"
          kind="media"
          campaign={fields.campaign}
          value={fields.media}
          valueName={names.media}
          onChange={(id) => change('media', id)}
          label={t('form.media')}
          placeholder={t('form.mediaSearch')}
        />
      )}
      <Checkbox label={t('form.allDay')} checked={fields.all_day} onChange={(_, data) => change('all_day', !!data.checked)} />
      <FormRow compact>
        <Field label={t('form.startDate')} required {...fieldValidation(errors, 'start_date', message)}>
          <DateInput value={fields.start_date} onChange={set('start_date')} />
        </Field>
        {fields.all_day ? null : (
          <Field label={t('form.startTime')} required {...fieldValidation(errors, 'start_time', message)}>
            <Input type="time" value={fields.start_time} onChange={(_, data) => change('start_time', data.value)} />
          </Field>
        )}
        <Field label={t('form.endDate')} required {...fieldValidation(errors, 'end_date', message)}>
          <DateInput value={fields.end_date} onChange={set('end_date')} />
        </Field>
        {fields.all_day ? null : (
          <Field label={t('form.endTime')} required {...fieldValidation(errors, 'end_time', message)}>
            <Input type="time" value={fields.end_time} onChange={(_, data) => change('end_time', data.value)} />
          </Field>
        )}
      </FormRow>
      <Checkbox label={t('form.repeat')} checked={fields.repeat} onChange={(_, data) => change('repeat', !!data.checked)} />
      {fields.repeat ? (
        <Field label={t('form.weekdays')} required {...fieldValidation(errors, 'weekdays', message)}>
          <div className={styles.chips} role="group" aria-label={t('form.weekdays')}>
            {WEEKDAYS.map((day) => {
              const on = fields.weekdays.includes(day);
              return (
                <ToggleButton
                  key={day}
                  size="small"
                  shape="circular"
                  checked={on}
                  aria-label={weekdayName(day, language, 'long')}
                  onClick={() => change('weekdays', on ? fields.weekdays.filter((d) => d !== day) : [...fields.weekdays, day])}
                >
                  {weekdayName(day, language, 'short')}
                </ToggleButton>
              );
            })}
          </div>
        </Field>
      ) : null}
      <Field label={t('form.color')}>
        <div className={styles.colors} role="radiogroup" aria-label={t('form.color')}>
          {EVENT_COLORS.map((color) => (
            <button
              key={color}
              type="button"
              role="radio"
              aria-checked={fields.color.toLowerCase() === color}
              aria-label={t('form.colorValue', { color })}
              className={mergeClasses(styles.swatch, fields.color.toLowerCase() === color && styles.swatchChosen)}
              style={{ '--swatch': color } as CSSProperties}
              onClick={() => change('color', color)}
            />
          ))}
          <input className={styles.colorInput} type="color" value={fields.color} aria-label={t('form.customColor')} onChange={(event) => change('color', event.target.value)} />
        </div>
      </Field>
      <FormRow>
        <Field label={t('form.duration')} hint={t('form.durationHint')} {...fieldValidation(errors, 'duration', message)}>
          <Input inputMode="numeric" value={fields.duration} onChange={(_, data) => change('duration', data.value)} />
        </Field>
        <Field label={t('form.priority')} hint={t('form.priorityHint')}>
          <Input type="number" min={0} max={100} value={String(fields.priority)} onChange={(_, data) => change('priority', Math.max(0, Math.min(100, Number(data.value) || 0)))} />
        </Field>
      </FormRow>
      <DeviceSection campaign={fields.campaign} deviceIds={options.deviceIds} selected={fields.devices} onChange={set('devices')} error={errors.devices ? message(errors.devices) : null} />
      {editing && onDelete ? (
        <Button className={styles.actionsStart} icon={<DeleteRegular />} onClick={() => onDelete(editing)}>
          {t('form.delete')}
        </Button>
      ) : null}
    </FormDialog>
  );
}
