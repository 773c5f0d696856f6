import { createFormMachine, type FieldErrors } from '../form/form.machine.ts';
import { saveEvent, type EventBody, type SchedulerEvent } from '../../services/scheduler.ts';

export const DEFAULT_EVENT_COLOR = '#3788d8';
/** ISO weekdays, Monday first. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** What the event form edits (times as `HH:MM` text, duration as typed). */
export type EventFields = {
  campaign: number;
  title: string;
  source: 'playlist' | 'media';
  media: number | null;
  playlist: number | null;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  all_day: boolean;
  color: string;
  /** Seconds one showing lasts; empty: the media's or playlist's own. */
  duration: string;
  /** Every day of the period, or only on the chosen weekdays. */
  repeat: 'daily' | 'weekly';
  weekdays: number[];
  devices: number[];
  priority: number;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * Section 5 on the form's fields: a title ("You must select event title"), a media item or playlist ("You must
 * select media or playlist"), at least one device ("Device selection is required"), a weekly repeat needs at least
 * 1 day; dates and times well formed and the end not before the start.
 */
export function eventFieldErrors(fields: EventFields): FieldErrors {
  const errors: FieldErrors = {};
  if (!fields.title.trim()) errors.title = 'title_required';
  if ((fields.source === 'media' ? fields.media : fields.playlist) === null) errors.content = 'content_required';
  if (fields.devices.length === 0) errors.devices = 'devices_required';
  if (fields.repeat === 'weekly' && fields.weekdays.length === 0) errors.weekdays = 'weekdays_required';
  if (!DATE.test(fields.start_date)) errors.start_date = 'invalid';
  if (!DATE.test(fields.end_date)) errors.end_date = 'invalid';
  if (!fields.all_day) {
    if (!TIME.test(fields.start_time)) errors.start_time = 'invalid';
    if (!TIME.test(fields.end_time)) errors.end_time = 'invalid';
  }
  if (!errors.start_date && !errors.end_date && !errors.start_time && !errors.end_time) {
    const start = fields.start_date + (fields.all_day ? '' : fields.start_time);
    const end = fields.end_date + (fields.all_day ? '' : fields.end_time);
    if (fields.all_day ? end < start : end <= start) errors.end_date = 'end_before_start';
  }
  if (fields.duration.trim() && !/^[1-9]\d{0,5}$/.test(fields.duration.trim())) errors.duration = 'invalid';
  return errors;
}

/** The body the server takes for the form's fields. */
export function eventBodyOf(fields: EventFields): EventBody {
  return {
    campaign: fields.campaign,
    title: fields.title.trim(),
    media: fields.source === 'media' ? fields.media : null,
    playlist: fields.source === 'playlist' ? fields.playlist : null,
    start_date: fields.start_date,
    start_time: fields.all_day ? null : fields.start_time,
    end_date: fields.end_date,
    end_time: fields.all_day ? null : fields.end_time,
    all_day: fields.all_day,
    color: fields.color,
    duration: fields.duration.trim() ? Number(fields.duration.trim()) : null,
    weekdays: fields.repeat === 'weekly' ? [...fields.weekdays].sort((a, b) => a - b) : [],
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
        source: from.media !== null ? 'media' : 'playlist',
        media: from.media,
        playlist: from.playlist,
        start_date: from.start_date,
        start_time: from.start_time?.slice(0, 5) ?? '08:00',
        end_date: from.end_date,
        end_time: from.end_time?.slice(0, 5) ?? '09:00',
        all_day: from.all_day,
        color: from.color,
        duration: from.duration === null ? '' : String(from.duration),
        repeat: from.weekdays.length ? 'weekly' : 'daily',
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
      start_date: from.date,
      start_time: start,
      end_date: from.date,
      end_time: hourAfter(start),
      all_day: from.time === null,
      color: DEFAULT_EVENT_COLOR,
      duration: '',
      repeat: 'daily',
      weekdays: [],
      devices: from.devices ?? [],
      priority: 0,
    },
  };
}

/** Server field names onto the form's: `media`/`playlist` are the one content field. */
function formFieldErrors(fields: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, code] of Object.entries(fields)) errors[field === 'media' || field === 'playlist' ? 'content' : field] = code;
  return errors;
}

/** Add or edit an event; saving makes it unpublished until the campaign is published ("Error while creating/editing event"). */
export const eventFormMachine = createFormMachine<EventFields, SchedulerEvent>({
  id: 'eventForm',
  validate: eventFieldErrors,
  save: async ({ id, fields }) => {
    const outcome = await saveEvent(id, eventBodyOf(fields));
    return outcome.ok ? outcome : { ...outcome, fields: formFieldErrors(outcome.fields) };
  },
});
