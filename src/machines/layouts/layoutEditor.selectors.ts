import type { Layout, LayoutBody, LayoutDetail } from '../../services/layouts.service.ts';
import type { WidgetKind } from '../../services/schemas/widgets.ts';
import { normaliseOrder, topFirst, type Rect, type ZoneContent, type ZoneDraft } from './layoutGeometry.ts';

/** What the editor holds of a layout: the server's copy and the zones as the operator arranged them. */
export interface LayoutDraft {
  layout: Layout | null;
  zones: ZoneDraft[];
  /** The zone chosen on the canvas or in the list (its key), if any. */
  selected: string | null;
  /** Content names known to the editor (from the server's answer or the picker), by `kind:id`. */
  contentNames: Record<string, string>;
  /** The media file whose preview shows a content (a file's own, a playlist's first track's), by `kind:id`. */
  contentPreviews: Record<string, number>;
}

export const contentKey = (content: NonNullable<ZoneContent>) => (content.kind === 'widget' ? `widget:${content.widget}` : `${content.kind}:${content.id}`);

/** The server's zones as drafts (keyed by id), in drawing order. */
export function serverZones(layout: Layout | null): ZoneDraft[] {
  return normaliseOrder(
    (layout?.zones ?? []).map((zone) => ({
      key: `zone-${zone.id}`,
      id: zone.id,
      name: zone.name,
      x: zone.x,
      y: zone.y,
      width: zone.width,
      height: zone.height,
      z: zone.z,
      content: bodyContent(zone.content),
    })),
  );
}

/** A zone's content as a body sends it: the detail answer's names, previews and dataset left out. */
export function bodyContent(content: unknown): ZoneContent {
  const value = content as { kind?: string; id?: number; widget?: string; settings?: Record<string, unknown> } | null | undefined;
  if (!value?.kind) return null;
  if (value.kind === 'widget') return { kind: 'widget', widget: value.widget as never, settings: { ...value.settings } };
  return { kind: value.kind as 'playlist' | 'media', id: value.id! };
}

/** The server's refusal of a save under one zone's widget settings (`zones.N.content.settings.X` -> `X`), N its place in the body. */
export function zoneSettingFields(draft: Pick<LayoutDraft, 'zones'>, fields: Record<string, string>, key: string): Record<string, string> {
  const index = draft.zones.findIndex((zone) => zone.key === key);
  const prefix = `zones.${index}.content.settings.`;
  const found: Record<string, string> = {};
  for (const [field, code] of Object.entries(fields)) if (index >= 0 && field.startsWith(prefix)) found[field.slice(prefix.length)] = code;
  return found;
}

/** The widgets' setting problems of a draft's body, as the server keys them (`zones.N.content.settings.X`). */
export function widgetBodyProblems(body: Pick<LayoutBody, 'zones'>, errorsOf: (content: { kind: 'widget'; widget: WidgetKind; settings: Record<string, unknown> }) => Record<string, string>): Record<string, string> {
  const fields: Record<string, string> = {};
  (body.zones ?? []).forEach((zone, index) => {
    const content = zone.content as { kind: string; widget: string; settings: Record<string, unknown> } | null | undefined;
    if (content?.kind !== 'widget') return;
    for (const [setting, code] of Object.entries(errorsOf(content as never))) fields[`zones.${index}.content.settings.${setting}`] = code;
  });
  return fields;
}

/** The content names a detail answer gives (a save's answer names none: the names known before are kept). */
export function serverContentNames(layout: Layout | LayoutDetail | null, known: Record<string, string> = {}): Record<string, string> {
  const names: Record<string, string> = { ...known };
  for (const zone of layout?.zones ?? []) {
    const content = zone.content as { kind: 'playlist' | 'media'; id: number; name?: string } | null;
    if (content?.name) names[contentKey(content)] = content.name;
  }
  return names;
}

const sameZone = (a: ZoneDraft, b: ZoneDraft) =>
  a.key === b.key &&
  a.name === b.name &&
  a.x === b.x &&
  a.y === b.y &&
  a.width === b.width &&
  a.height === b.height &&
  a.z === b.z &&
  JSON.stringify(a.content ?? null) === JSON.stringify(b.content ?? null);

/** The preview media ids a detail answer gives (`…/media/files/{id}/preview`); the ones known before are kept. */
export function serverContentPreviews(layout: Layout | LayoutDetail | null, known: Record<string, number> = {}): Record<string, number> {
  const previews: Record<string, number> = { ...known };
  for (const zone of layout?.zones ?? []) {
    const content = zone.content as { kind: 'playlist' | 'media'; id: number; preview?: string | null } | null;
    const media = content?.preview ? /\/media\/files\/(\d+)\/preview$/.exec(content.preview)?.[1] : undefined;
    if (content && media) previews[contentKey(content)] = Number(media);
  }
  return previews;
}

/** Whether the zones differ from what the server holds (a move, a resize, a name, content, order, an added or deleted zone). */
export function isLayoutDirty(draft: Pick<LayoutDraft, 'layout' | 'zones'>): boolean {
  const saved = serverZones(draft.layout);
  return saved.length !== draft.zones.length || saved.some((zone, i) => !sameZone(zone, draft.zones[i]!));
}

/** The PUT body of the draft: every zone (ids kept for zones the server has), z from 0 in drawing order. */
export function draftBody(draft: Pick<LayoutDraft, 'layout' | 'zones'>): Pick<LayoutBody, 'zones'> {
  return {
    zones: normaliseOrder(draft.zones).map(({ id, name, x, y, width, height, z, content }) => ({
      ...(id === null ? {} : { id }),
      name,
      x,
      y,
      width,
      height,
      z,
      content,
    })),
  };
}

export const selectedZone = (draft: Pick<LayoutDraft, 'zones' | 'selected'>): ZoneDraft | null => draft.zones.find((zone) => zone.key === draft.selected) ?? null;

/** The other zones' rectangles (what a gesture of `key` snaps to). */
export const othersOf = (zones: readonly ZoneDraft[], key: string | null): Rect[] =>
  zones.filter((zone) => zone.key !== key).map(({ x, y, width, height }) => ({ x, y, width, height }));

/** The zones as the text alternative lists them: top of the drawing order first. */
export const zonesTopFirst = (zones: readonly ZoneDraft[]) => topFirst(zones);
