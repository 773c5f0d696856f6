import { createFormMachine, type FieldErrors } from '../form/form.machine.ts';
import { saveEvent, type EventBody, type SchedulerEvent } from '../../services/scheduler.ts';
import { DEFAULT_EVENT_COLOR, EventDate, eventProblems } from '../../services/schemas/scheduler.ts';

export { DEFAULT_EVENT_COLOR, WEEKDAYS } from '../../services/schemas/scheduler.ts';

/** What the event form edits (times as `HH:MM` text, duration as typed). */
export type EventFields = {
  campaign: number;
  title: string;
  /** What the event plays: a playlist, a media file or a layout (issue 36); only the chosen one's id is sent. */
  source: 'playlist' | 'media' | 'layout';
  media: number | null;
  playlist: number | null;
  layout: number | null;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  all_day: boolean;
  color: string;
  /** Seconds one showing lasts; empty: the media's or playlist's own. */
  duration: string;
  /** Off: one span from the start to the end; on: every chosen weekday of the period, start to end time each day. */
  repeat: boolean;
  weekdays: number[];
  devices: number[];
  priority: number;
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Section 5 on the form's fields, by the shared rule the server answers with (`eventProblems`): a title ("You must
 * select event title"), a media item or playlist ("You must select media or playlist"), at least one device ("Device
 * selection is required"), a weekly repeat with at least 1 day, the end not before the start; and well-formed dates,
 * times and duration.
 */
export function eventFieldErrors(fields: EventFields): FieldErrors {
  const body = eventBodyOf(fields);
  const errors: FieldErrors = { ...eventProblems(body)?.fields };
  if (!EventDate.is(fields.start_date)) errors.start_date = 'invalid';
  if (!EventDate.is(fields.end_date)) errors.end_date = 'invalid';
  if (!fields.all_day) {
    if (!TIME.test(fields.start_time)) errors.start_time = 'invalid';
    if (!TIME.test(fields.end_time)) errors.end_time = 'invalid';
  }
  // A malformed time makes the order meaningless: the time's own error says what to fix.
  if ((errors.start_time || errors.end_time || errors.start_date === 'invalid') && errors.end_date === 'end_before_start') delete errors.end_date;
  if (fields.duration.trim() && !/^[1-9]\d{0,4}$/.test(fields.duration.trim())) errors.duration = 'invalid';
  return errors;
}

/** The body the server takes for the form's fields. */
export function eventBodyOf(fields: EventFields): EventBody {
  return {
    campaign: fields.campaign,
    title: fields.title.trim(),
    media: fields.source === 'media' ? fields.media : null,
    playlist: fields.source === 'playlist' ? fields.playlist : null,
    layout: fields.source === 'layout' ? fields.layout : null,
    start_date: fields.start_date,
    start_time: fields.all_day ? null : fields.start_time || null,
    end_date: fields.end_date,
    end_time: fields.all_day ? null : fields.end_time || null,
    all_day: fields.all_day,
    color: fields.color,
    duration: fields.duration.trim() ? Number(fields.duration.trim()) : null,
    repeat: fields.repeat,
    weekdays: fields.repeat ? [...fields.weekdays].sort((a, b) => a - b) : [],
    devices: fields.devices,
    priority: fields.priority,
  };
}

/** Where a new event starts: a day (all day) or a moment, with what was dropped on it. */
export interface EventStart {
  campaign: number;
  date: string;
  /** `HH:MM`; null: an all-day event. */
  time: string | null;
  playlist?: { id: number; name: string } | null;
  devices?: number[];
}

/** An hour later, kept within the day. */
function hourAfter(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return h === 23 ? '23:59' : `${String(h + 1).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** The form's input: an existing event, or a new one starting where the operator clicked or dropped a playlist. */
export function eventFormInput(from: SchedulerEvent | EventStart): { id: number | null; fields: EventFields } {
  if ('id' in from) {
    return {
      id: from.id,
      fields: {
        campaign: from.campaign,
        title: from.title,
        source: from.media !== null ? 'media' : from.layout != null ? 'layout' : 'playlist',
        media: from.media,
        playlist: from.playlist,
        layout: from.layout ?? null,
        start_date: from.start_date,
        start_time: from.all_day ? '08:00' : from.start_time.slice(0, 5),
        end_date: from.end_date,
        end_time: from.all_day ? '09:00' : from.end_time.slice(0, 5),
        all_day: from.all_day,
        color: from.color,
        duration: from.duration === null ? '' : String(from.duration),
        repeat: from.repeat,
        weekdays: from.weekdays,
        devices: from.devices,
        priority: from.priority,
      },
    };
  }
  const start = from.time ?? '08:00';
  return {
    id: null,
    fields: {
      campaign: from.campaign,
      title: from.playlist?.name ?? '',
      source: 'playlist',
      media: null,
      playlist: from.playlist?.id ?? null,
      layout: null,
      start_date: from.date,
      start_time: start,
      end_date: from.date,
      end_time: hourAfter(start),
      all_day: from.time === null,
      color: DEFAULT_EVENT_COLOR,
      duration: '',
      repeat: false,
      weekdays: [],
      devices: from.devices ?? [],
      priority: 0,
    },
  };
}

/** Server field names onto the form's: `media`/`playlist`/`layout` are the one content field (`media`). */
function formFieldErrors(fields: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, code] of Object.entries(fields)) errors[field === 'playlist' || field === 'layout' ? 'media' : field] = code;
  return errors;
}

/** Add or edit an event; saving makes it unpublished until the campaign is published ("Error while creating/editing event"). */
export const eventFormMachine = createFormMachine<EventFields, SchedulerEvent>({
  id: 'eventForm',
  validate: eventFieldErrors,
  // "You must select media or playlist" sits on `media`: choosing a playlist, or the other kind, answers it too.
  errorFieldsOf: (field) => (field === 'playlist' || field === 'layout' || field === 'source' ? [field, 'media'] : [field]),
  save: async ({ id, fields }) => {
    // An edit names every field but the campaign, which an event never changes.
    const { campaign: _campaign, ...changes } = eventBodyOf(fields);
    const outcome = await saveEvent(id, id === null ? eventBodyOf(fields) : changes);
    return outcome.ok ? outcome : { ...outcome, fields: formFieldErrors(outcome.fields) };
  },
});
