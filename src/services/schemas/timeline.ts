import { array, enums, integer, min, nullable, optional, refine, string, type, type Infer } from 'superstruct';
import { BoundedIdParam, DEVICE_STATUSES } from './deviceEnums.ts';
import { ApiDate, Id, Page } from './common.ts';
import { ScheduleItem } from './scheduler.ts';

/*
 * The timeline (issue 11, /timeline): the compiled schedules of many devices for one day in one request
 * (`GET /scheduler/timeline/`), instead of one dev2 request per row.
 */

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
const CalendarDate = ApiDate('date');

/** GET /scheduler/timeline/?date=&office=&campaign=&status=&page=&page_size= */
export const TimelineQuery = type({
  /** The day shown, `YYYY-MM-DD`, in each device's office wall clock. */
  date: CalendarDate,
  office: optional(BoundedIdParam),
  campaign: optional(BoundedIdParam),
  status: optional(enums(DEVICE_STATUSES)),
});
export type TimelineQuery = Infer<typeof TimelineQuery>;

/** One row: a device, its schedule's version and zone, and its compiled items that touch the day (in play order). */
export const TimelineRow = type({
  device: type({ id: Id, name: string(), sn: string(), office_name: nullable(string()), status: enums(DEVICE_STATUSES) }),
  version: min(integer(), 0),
  timezone: string(),
  items: array(ScheduleItem),
});
export type TimelineRow = Infer<typeof TimelineRow>;

export const TimelinePage = Page(TimelineRow);
