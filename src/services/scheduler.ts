import { api } from './http.ts';
import { getCampaign } from './campaigns/campaigns.service.ts';
import { ApiRequestError } from './http.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

/**
 * A calendar event (issue 11): wall-clock dates and times in each device's office time zone; `weekdays` the weekly
 * repeat as ISO days (1 Monday .. 7 Sunday), empty for every day of the period; exactly one of `media` and `playlist`.
 */
export interface SchedulerEvent {
  id: number;
  campaign: number;
  title: string;
  media: number | null;
  playlist: number | null;
  start_date: string;
  start_time: string | null;
  end_date: string;
  end_time: string | null;
  all_day: boolean;
  color: string;
  duration: number | null;
  weekdays: number[];
  devices: number[];
  published: boolean;
  priority: number;
}

/** What the SPA sends to create or edit an event. */
export type EventBody = Omit<SchedulerEvent, 'id' | 'published'>;

/** The visible range of the calendar (`YYYY-MM-DD`, end exclusive) and the campaign shown (null: every campaign). */
export interface EventQuery {
  campaign: number | null;
  start: string;
  end: string;
}

function eventsOf(answer: unknown): SchedulerEvent[] {
  if (Array.isArray(answer)) return answer as SchedulerEvent[];
  if (answer && typeof answer === 'object' && Array.isArray((answer as { results?: unknown }).results)) {
    return (answer as { results: SchedulerEvent[] }).results;
  }
  throw new ApiRequestError({ status: 0, code: 'invalid_response', detail: 'events' });
}

/** GET /scheduler/events/?campaign=&start=&end= */
export async function listEvents(query: EventQuery): Promise<SchedulerEvent[]> {
  const params: Record<string, string | number> = { start: query.start, end: query.end };
  if (query.campaign !== null) params.campaign = query.campaign;
  return eventsOf(await api('/scheduler/events/', { query: params }));
}

/** The body of an event as the server takes it (every field, so a move or resize sends the whole event). */
export function eventBody(event: SchedulerEvent | EventBody): EventBody {
  const { id: _id, published: _published, ...body } = event as SchedulerEvent;
  return body;
}

/** POST /scheduler/events/create/ or PUT /scheduler/events/{id}; refusals (400, 409) resolve with their code. */
export function saveEvent(id: number | null, body: EventBody): Promise<WriteOutcome<SchedulerEvent>> {
  const payload = { ...body, user: 1 };
  const write =
    id === null ? api<SchedulerEvent>('/scheduler/events/create/', { method: 'POST', body: payload }) : api<SchedulerEvent>(`/scheduler/events/${id}`, { method: 'PUT', body: payload });
  return writeOutcome(write);
}

/** DELETE /scheduler/events/{id} */
export async function deleteEvent(id: number): Promise<void> {
  await api(`/scheduler/events/${id}`, { method: 'DELETE' });
}

/** A playlist that keeps a campaign from being published. */
export interface UncommittedPlaylist {
  id: number;
  name: string;
}

export type PublishOutcome = { ok: true } | { ok: false; playlists: UncommittedPlaylist[] };

function uncommittedOf(body: unknown): UncommittedPlaylist[] {
  if (!body || typeof body !== 'object') return [];
  const list = (body as { playlists?: unknown }).playlists;
  if (!Array.isArray(list)) return [];
  return list.flatMap((item): UncommittedPlaylist[] => {
    if (typeof item === 'number') return [{ id: item, name: `#${item}` }];
    if (item && typeof item === 'object' && typeof (item as { id?: unknown }).id === 'number') {
      const { id, name } = item as { id: number; name?: unknown };
      return [{ id, name: typeof name === 'string' ? name : `#${id}` }];
    }
    return [];
  });
}

/**
 * POST /scheduler/publish/{campaignId}/. A 409 (an event uses an uncommitted playlist, "Uncommited playlists found!")
 * resolves `{ ok: false, playlists }`; other failures reject.
 */
export async function publishCampaign(campaignId: number): Promise<PublishOutcome> {
  let refusal: unknown = null;
  try {
    await api(`/scheduler/publish/${campaignId}/`, {
      method: 'POST',
      body: { user: 1 },
      onResponseError: ({ response }) => {
        if (response.status === 409) refusal = response._data;
      },
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409) return { ok: false, playlists: uncommittedOf(refusal) };
    throw error;
  }
}

/** One occurrence of a device's compiled schedule (times in UTC and in the office's wall clock). */
export interface ScheduleItem {
  event: number;
  title: string;
  starts_at: string;
  ends_at: string;
  local_start: string;
  local_end: string;
  priority: number;
  playlist_version: number | null;
  media: { id: number; url: string; checksum: string; duration: number }[];
}

export interface DeviceSchedule {
  device: number;
  version: string | number;
  timezone: string;
  generated_at: string;
  valid_until: string;
  items: ScheduleItem[];
}

/** GET /scheduler/dev2/{id}: the schedule compiled for a device at the last publish (the next 7 days). */
export async function getDeviceSchedule(deviceId: number): Promise<DeviceSchedule> {
  return (await api(`/scheduler/dev2/${deviceId}`)) as DeviceSchedule;
}

/** The calendar's data: the events of the visible range, and whether the campaign has unpublished events anywhere. */
export interface Schedule {
  events: SchedulerEvent[];
  unpublished: boolean;
}

/** The events of a range; for one campaign, also its `has_unpublished` (events outside the range count too). */
export async function loadSchedule(query: EventQuery): Promise<Schedule> {
  const [events, campaign] = await Promise.all([listEvents(query), query.campaign === null ? null : getCampaign(query.campaign)]);
  return { events, unpublished: (campaign?.has_unpublished ?? false) || events.some((event) => !event.published) };
}
