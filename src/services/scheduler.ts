import { getCampaign, loadCampaignSide, type Campaign } from './campaigns/campaigns.service.ts';
import { listMedia } from './media.service.ts';
import type { DeviceStatus } from './schemas/devices.ts';
import { listPlaylists } from './playlists.service.ts';
import { ApiRequestError, api, parseResponse } from './http.ts';
import {
  DeviceSchedule,
  Event,
  EventPageEnvelope,
  isEvent,
  PublishConflict,
  PublishResult,
  type EventCreateBody,
  type EventUpdateBody,
  type Event as SchedulerEvent,
} from './schemas/scheduler.ts';
import { TimelinePage, type TimelineRow } from './schemas/timeline.ts';
import { writeOutcome, type WriteOutcome } from './writeOutcome.ts';

export type { Event as SchedulerEvent, DeviceSchedule, ScheduleItem } from './schemas/scheduler.ts';

/** What the SPA sends to create an event (the server's rules: `eventProblems`). */
export type EventBody = EventCreateBody;
/** The dates and times of an event dragged or resized on the calendar (and the weekdays of a moved weekly repeat). */
export type EventTiming = Pick<SchedulerEvent, 'start_date' | 'start_time' | 'end_date' | 'end_time' | 'all_day'> & { weekdays?: number[] };

/** Events asked for per page (the server's largest page). */
export const EVENTS_PAGE_SIZE = 500;

/** The visible range of the calendar (`YYYY-MM-DD`, end exclusive) and the campaign shown (null: every campaign). */
export interface EventQuery {
  campaign: number | null;
  start: string;
  end: string;
}

/** GET /scheduler/events/?campaign=&start=&end= (every page: a month of a busy campaign may hold more than one). */
export async function listEvents(query: EventQuery): Promise<SchedulerEvent[]> {
  const params: Record<string, string | number> = { start: query.start, end: query.end, page_size: EVENTS_PAGE_SIZE };
  if (query.campaign !== null) params.campaign = query.campaign;
  const events: SchedulerEvent[] = [];
  for (let page = 1; ; page += 1) {
    const answer = parseResponse(EventPageEnvelope, await api('/scheduler/events/', { query: { ...params, page } }));
    // The written-out check of each event; the schema only for one that fails it (its error names the field).
    for (const event of answer.results) events.push(isEvent(event) ? event : parseResponse(Event, event));
    if (!answer.next || answer.results.length === 0) return events;
  }
}

/** POST /scheduler/events/create/ or PUT /scheduler/events/{id}; refusals (400, 409) resolve with their code. */
export function saveEvent(id: number | null, body: EventBody | EventUpdateBody): Promise<WriteOutcome<SchedulerEvent>> {
  const payload = { ...body, user: 1 };
  const write = id === null ? api('/scheduler/events/create/', { method: 'POST', body: payload }) : api(`/scheduler/events/${id}`, { method: 'PUT', body: payload });
  return writeOutcome(write.then((answer) => parseResponse(Event, answer)));
}

/** PUT /scheduler/events/{id} with the new dates and times of a dragged or resized event (a series: also its weekdays). */
export function moveEvent(id: number, timing: EventTiming): Promise<WriteOutcome<SchedulerEvent>> {
  return saveEvent(id, timing);
}

/** DELETE /scheduler/events/{id} */
export async function deleteEvent(id: number): Promise<void> {
  await api(`/scheduler/events/${id}`, { method: 'DELETE' });
}

/** A playlist that keeps a campaign from being published. */
export type UncommittedPlaylist = PublishConflict['playlists'][number];

export type PublishOutcome = { ok: true; result: PublishResult } | { ok: false; playlists: UncommittedPlaylist[] };

/**
 * POST /scheduler/publish/{campaignId}/. A 409 (an event uses an uncommitted playlist, "Uncommited playlists found!")
 * resolves `{ ok: false, playlists }`; other failures reject.
 */
export async function publishCampaign(campaignId: number): Promise<PublishOutcome> {
  let refusal: unknown = null;
  try {
    const answer = await api(`/scheduler/publish/${campaignId}/`, {
      method: 'POST',
      body: { user: 1 },
      onResponseError: ({ response }) => {
        if (response.status === 409) refusal = response._data;
      },
    });
    return { ok: true, result: parseResponse(PublishResult, answer) };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 409 && PublishConflict.is(refusal)) return { ok: false, playlists: refusal.playlists };
    throw error;
  }
}

/** GET /scheduler/dev2/{id}: the schedule compiled for a device at the last publish (the next 7 days). */
export async function getDeviceSchedule(deviceId: number): Promise<DeviceSchedule> {
  return parseResponse(DeviceSchedule, await api(`/scheduler/dev2/${deviceId}`));
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

/** What the event form offers: the campaign's devices, and the playlists and ready media of its screen position. */
export interface EventOptions {
  campaign: Campaign;
  devices: { id: number; name: string; office_name: string | null; status: string }[];
  /** Every participating device id (the list above is the first page). */
  deviceIds: number[];
  playlists: { id: number; name: string; committed: boolean }[];
  media: { id: number; name: string }[];
}

/** The most options of each kind the form lists (the server's largest page). */
export const OPTIONS_PAGE_SIZE = 500;

export async function loadEventOptions(campaignId: number): Promise<EventOptions> {
  const campaign = await getCampaign(campaignId);
  const position = campaign.screen_position;
  const [side, playlists, media] = await Promise.all([
    loadCampaignSide(campaignId, 'participating', { page: 1, page_size: OPTIONS_PAGE_SIZE }, true),
    listPlaylists({ page: 1, page_size: OPTIONS_PAGE_SIZE, screen_position: position }),
    listMedia({ page: 1, page_size: OPTIONS_PAGE_SIZE }),
  ]);
  return {
    campaign,
    devices: (side.participating?.results ?? []).map(({ id, name, office_name, status }) => ({ id, name, office_name, status })),
    deviceIds: side.participating_ids ?? [],
    playlists: playlists.results.map(({ id, name, committed }) => ({ id, name, committed })),
    media: media.results.filter((file) => file.status !== 'processing' && file.status !== 'failed' && file.screen_position === position).map(({ id, name }) => ({ id, name })),
  };
}

/** The timeline's filters: office, campaign and status (null: any). */
export interface TimelineQuery {
  office: number | null;
  campaign: number | null;
  status: DeviceStatus | null;
}

export type TimelineDevice = TimelineRow['device'];
export type { TimelineRow } from './schemas/timeline.ts';

/** Rows the timeline asks for at a time (a page of GET /scheduler/timeline/). */
export const TIMELINE_PAGE_SIZE = 100;

/**
 * One page of the timeline (`GET /scheduler/timeline/`): devices of the filters with their compiled items on `date`,
 * and how many devices match in all. Pages are numbered from 1.
 */
export async function loadTimelinePage(query: TimelineQuery, date: string, page: number): Promise<{ count: number; rows: TimelineRow[] }> {
  const params: Record<string, string | number> = { date, page, page_size: TIMELINE_PAGE_SIZE };
  if (query.office !== null) params.office = query.office;
  if (query.campaign !== null) params.campaign = query.campaign;
  if (query.status !== null) params.status = query.status;
  const answer = parseResponse(TimelinePage, await api('/scheduler/timeline/', { query: params }));
  return { count: answer.count, rows: answer.results };
}
