import { loadCampaignSide } from './campaigns/campaignDevices.service.ts';
import { getCampaign, listCampaigns, type Campaign } from './campaigns/campaigns.service.ts';
import type { DeviceStatus } from './schemas/devices.ts';
import { ApiRequestError, api, parseResponse } from './http.ts';
import {
  DeviceSchedule,
  Event,
  EventOptionsPage,
  EventPageEnvelope,
  type EventOptionKind,
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
export type { Preflight, PublishWarning } from './schemas/playback.ts';
import { Preflight } from './schemas/playback.ts';

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
/** A playlist or a layout (issue 36) that keeps a campaign from being published, with where to commit it. */
export type UncommittedContent = UncommittedPlaylist & { kind: 'playlist' | 'layout' };

export type PublishOutcome = { ok: true; result: PublishResult } | { ok: false; playlists: UncommittedPlaylist[]; layouts?: UncommittedPlaylist[] };

/** What a refused publish names, playlists first: each with its kind (its page to commit it). */
export function uncommittedOf(outcome: Extract<PublishOutcome, { ok: false }>): UncommittedContent[] {
  return [
    ...outcome.playlists.map((playlist) => ({ ...playlist, kind: 'playlist' as const })),
    ...(outcome.layouts ?? []).map((layout) => ({ ...layout, kind: 'layout' as const })),
  ];
}

/**
 * POST /scheduler/publish/{campaignId}/. A 409 (an event uses an uncommitted playlist, "Uncommited playlists found!",
 * or layout, `uncommitted_layouts`) resolves `{ ok: false, playlists, layouts }`; other failures reject.
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
    if (error instanceof ApiRequestError && error.status === 409 && PublishConflict.is(refusal)) return { ok: false, playlists: refusal.playlists, layouts: refusal.layouts ?? [] };
    throw error;
  }
}

/** GET /scheduler/publish/{campaignId}/preview/: what publishing now would leave unplayable, before the operator confirms (issue 35). */
export async function previewPublish(campaignId: number): Promise<Preflight> {
  return parseResponse(Preflight, await api(`/scheduler/publish/${campaignId}/preview/`));
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

/** What the event form needs before it opens: the campaign, and every id of its devices ("select all" means all). */
export interface EventOptions {
  campaign: Campaign;
  /** Every participating device id; the device, playlist and media pickers search the server (`searchEventOptions`). */
  deviceIds: number[];
}

export async function loadEventOptions(campaignId: number): Promise<EventOptions> {
  const [campaign, side] = await Promise.all([getCampaign(campaignId), loadCampaignSide(campaignId, 'participating', { page: 1, page_size: 1 }, true)]);
  return { campaign, deviceIds: side.participating_ids ?? [] };
}

/** What a picker searches: a kind of the event form's options for a campaign, or the campaigns themselves (/scheduler). */
export interface OptionSearchQuery {
  kind: EventOptionKind | 'campaigns';
  /** The campaign whose options are searched (null for `campaigns`). */
  campaign: number | null;
  search: string;
  /** What the form holds chosen: listed first. */
  chosen: number[];
  onlyChosen: boolean;
}

export type OptionSearchResult = EventOptionsPage;

/** Campaigns the /scheduler filter lists at a time. */
export const CAMPAIGN_OPTIONS_PAGE = 20;

/**
 * One search of a picker: POST /scheduler/options/{campaignId}/ (devices with every matching id while a search or
 * "only chosen" narrows them), or the campaign list's search with the chosen campaign first.
 */
export async function searchEventOptions(query: OptionSearchQuery): Promise<OptionSearchResult> {
  const search = query.search.trim();
  if (query.kind === 'campaigns') {
    const page = await listCampaigns({ page: 1, page_size: CAMPAIGN_OPTIONS_PAGE, ...(search ? { search } : {}) });
    const results = page.results.map(({ id, name }) => ({ id, name }));
    const chosen = query.chosen[0];
    if (chosen !== undefined && !search && !results.some((row) => row.id === chosen)) {
      const campaign = await getCampaign(chosen).catch(() => null);
      if (campaign) results.unshift({ id: campaign.id, name: campaign.name });
    }
    return { count: page.count, results };
  }
  const body = {
    kind: query.kind,
    ...(search ? { search } : {}),
    chosen: query.chosen,
    only_chosen: query.onlyChosen,
    match_ids: query.kind === 'devices' && (search !== '' || query.onlyChosen),
  };
  return parseResponse(EventOptionsPage, await api(`/scheduler/options/${query.campaign}/`, { method: 'POST', body }));
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
