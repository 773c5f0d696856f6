import {
  DEFAULT_BACKGROUND,
  layoutProblems,
  type Layout,
  type LayoutDetail,
  type FileContentDetail,
  type ZoneBody,
  type ZoneContentDetail,
} from '../../src/services/schemas/layouts.ts';
import { widgetDataset, widgetProblems, widgetWithDefaults } from '../../src/services/schemas/widgets.ts';
import { sql } from 'drizzle-orm';
import { datasetBriefs } from '../db/datasets.ts';
import { idArray } from '../db/events.ts';
import { layoutScreens } from '../db/preflight.ts';
import type { Db } from '../db/index.ts';
import { contentDetails, type ZoneWrite } from '../db/layouts.ts';
import { badRequest } from '../errors.ts';

/** Media a zone may show: probed and rendered (ready), or already playing; the same rule as a playlist's track. */
const PLAYABLE = new Set(['ready_to_play', 'playing']);

const PROBLEM_MESSAGES: Record<string, string> = {
  canvas_out_of_range: 'The canvas is 32 to 7680 pixels each side.',
  too_many_zones: 'A layout has at most 16 zones.',
  zone_too_small: 'A zone is at least 32 pixels on each side.',
  zone_outside_canvas: 'A zone lies inside the canvas.',
  zone_z_out_of_range: 'A zone\'s z is an integer from 0 to 1000.',
  zone_duplicate: 'Two zones have the same id.',
  zone_not_found: 'No such zone in this layout.',
  content_not_found: 'No such playlist or media file in the layout\'s company.',
  media_not_ready: 'Only media that is ready to play can be shown.',
  background_not_found: 'No such media file in the layout\'s company.',
  background_not_image: 'The background is an image.',
  dataset_not_found: 'No such dataset in the layout\'s company.',
  widget_invalid: 'The widget\'s settings are incomplete.',
};

export const layoutMessage = (code: string) => PROBLEM_MESSAGES[code] ?? 'The layout has invalid fields.';

/** The zones as stored from a body's zones: names trimmed, z defaulting to the zone's place in the list. */
export function zoneWrites(zones: readonly ZoneBody[]): ZoneWrite[] {
  return zones.map((zone, index) => ({
    id: zone.id,
    name: (zone.name ?? '').trim(),
    x: zone.x,
    y: zone.y,
    width: zone.width,
    height: zone.height,
    z: zone.z ?? index,
    content: !zone.content ? null : zone.content.kind === 'widget' ? widgetWithDefaults(zone.content) : zone.content,
  }));
}

/** A 400 naming every geometry problem of the draft (layoutProblems' codes), or nothing. */
export function checkGeometry(draft: { width: number; height: number; zones: readonly ZoneWrite[] }): void {
  const problems = layoutProblems(draft);
  if (problems) throw badRequest(problems.code, layoutMessage(problems.code), problems.fields);
}

/**
 * A 400 when a zone's content or the background is not something this layout may show: absent or of another company
 * (`content_not_found`, `background_not_found`: ids of other companies are "no such"), media not ready to play
 * (`media_not_ready`), a background that is not an image (`background_not_image`). Fields name the zone:
 * `zones.2.content`, `background.media`.
 */
export async function checkContent(
  db: Db,
  company: number | null,
  zones: readonly ZoneWrite[] | undefined,
  background: { media: number | null } | undefined,
): Promise<void> {
  const contents = (zones ?? []).map((zone) => zone.content);
  const backgroundMedia = background?.media ?? null;
  const media = contents.flatMap((c) => (c?.kind === 'media' ? [c.id] : []));
  const playlists = contents.flatMap((c) => (c?.kind === 'playlist' ? [c.id] : []));
  const datasets = contents.flatMap((c) => { const id = widgetDataset(c); return id === null ? [] : [id]; });
  if (backgroundMedia != null) media.push(backgroundMedia);
  const fields: Record<string, string> = {};
  contents.forEach((content, index) => {
    if (content?.kind === 'widget') Object.assign(fields, widgetProblems(content, `zones.${index}.content`));
  });
  if (!media.length && !playlists.length && !datasets.length && !Object.keys(fields).length) return;
  const [found, foundDatasets] = await Promise.all([contentDetails(db, { media, playlists }), datasetBriefs(db, datasets)]);
  const ours = <T extends { company: number | null }>(item: T | undefined) => (item && item.company === company ? item : undefined);
  contents.forEach((content, index) => {
    if (!content) return;
    if (content.kind === 'widget') {
      const dataset = widgetDataset(content);
      if (dataset !== null && !ours(foundDatasets.get(dataset))) fields[`zones.${index}.content.settings.dataset`] = 'dataset_not_found';
      return;
    }
    const item = ours(content.kind === 'media' ? found.media.get(content.id) : found.playlists.get(content.id));
    if (!item) fields[`zones.${index}.content`] = 'content_not_found';
    else if (content.kind === 'media' && !PLAYABLE.has(item.status ?? '')) fields[`zones.${index}.content`] = 'media_not_ready';
  });
  if (backgroundMedia != null) {
    const item = ours(found.media.get(backgroundMedia));
    if (!item) fields['background.media'] = 'background_not_found';
    else if (item.media_kind !== 'image') fields['background.media'] = 'background_not_image';
    else if (!PLAYABLE.has(item.status ?? '')) fields['background.media'] = 'media_not_ready';
  }
  const first = Object.values(fields)[0];
  if (first) throw badRequest(first === 'required' ? 'widget_invalid' : first, layoutMessage(first === 'required' ? 'widget_invalid' : first), fields);
}

/** The background a body sends, as stored (colour lower case, no image unless named). */
export function backgroundOf(background: { color: string; media?: number | null } | undefined): { color: string; media: number | null } {
  return { color: (background?.color ?? DEFAULT_BACKGROUND).toLowerCase(), media: background?.media ?? null };
}

/** The layout with each zone's content and the background image described (GET /layouts/{id}/detail/). */
export async function layoutDetail(db: Db, layout: Layout): Promise<LayoutDetail> {
  const media = layout.zones.flatMap((zone) => (zone.content?.kind === 'media' ? [zone.content.id] : []));
  const playlists = layout.zones.flatMap((zone) => (zone.content?.kind === 'playlist' ? [zone.content.id] : []));
  const datasets = layout.zones.flatMap((zone) => { const id = widgetDataset(zone.content); return id === null ? [] : [id]; });
  if (layout.background.media != null) media.push(layout.background.media);
  const [found, foundDatasets] = await Promise.all([contentDetails(db, { media, playlists }), datasetBriefs(db, datasets)]);
  const shown = (item: (FileContentDetail & { company: number | null }) | undefined): FileContentDetail | null => {
    if (!item) return null;
    const { company: _company, ...detail } = item;
    return detail;
  };
  const detailOf = (content: (typeof layout.zones)[number]['content']): ZoneContentDetail | null => {
    if (!content) return null;
    if (content.kind !== 'widget') return shown(content.kind === 'media' ? found.media.get(content.id) : found.playlists.get(content.id));
    const id = widgetDataset(content);
    const dataset = id === null ? undefined : foundDatasets.get(id);
    return { ...content, dataset: dataset && dataset.company === layout.company ? { id: dataset.id, name: dataset.name, row_count: dataset.row_count, version: dataset.version, failed_since: dataset.failed_since } : null };
  };
  return {
    ...layout,
    map_screens: layout.zones.some((zone) => zone.content?.kind === 'widget' && zone.content.widget === 'map') ? await mapScreens(db, layout.id) : null,
    background: { ...layout.background, media_detail: layout.background.media == null ? null : shown(found.media.get(layout.background.media)) },
    zones: layout.zones.map((zone) => ({
      ...zone,
      content: detailOf(zone.content),
    })),
  };
}

/** Names of screens without a map listed at most in a layout's detail. */
const MAP_SCREENS_NAMED = 10;

/**
 * For a layout with a map widget (issue 38): of the screens that show it (published events, running overrides), how
 * many have no navigation map to show ("you are here" needs the device placed on a map), the first of them named.
 */
async function mapScreens(db: Db, layoutId: number): Promise<{ screens: number; without_map: number; names: string[] }> {
  const screens = await layoutScreens(db, layoutId);
  if (!screens.length) return { screens: 0, without_map: 0, names: [] };
  const without = (
    (await db.execute(
      sql`SELECT d.name FROM devices d LEFT JOIN navigation_devices n ON n.device_id = d.id
          WHERE d.id = ANY(${idArray(screens)}) AND n.object_id IS NULL ORDER BY d.name, d.id`,
    )) as unknown as { rows: { name: string }[] }
  ).rows;
  return { screens: screens.length, without_map: without.length, names: without.slice(0, MAP_SCREENS_NAMED).map((row) => row.name) };
}

/*
 * Where the scheduler plugs in, like playlists' lists:
 * - usage: a layout an event uses cannot be deleted (409 layout_in_use, with the events named; an override showing it
 *   ends with it, as with a playlist: migration 0042);
 * - commit listeners: a new version was committed (raise the schedule version of the devices that play it).
 */
export const layoutUsageProviders: ((db: Db, layoutId: number) => Promise<{ id: number; name: string }[]>)[] = [];
export const layoutCommitListeners: ((db: Db, layoutId: number, version: number) => Promise<void>)[] = [];

export async function layoutUsage(db: Db, layoutId: number) {
  const used: { id: number; name: string }[] = [];
  for (const provider of layoutUsageProviders) used.push(...(await provider(db, layoutId)));
  return used;
}
