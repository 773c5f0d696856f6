import { Temporal } from 'temporal-polyfill';
import type { ScheduleItem, ScheduleMedia } from '../../src/services/schemas/scheduler.ts';

/*
 * Content that expires on its own (issue 42). A media file and a playlist may be valid from and until an instant; an
 * event from and until a wall-clock date-time in each device's zone ('YYYY-MM-DDTHH:MM', as its start and end). The
 * compiler splits each compiled item at every such boundary inside it and leaves out, in each part, what is not valid
 * there: the event (the whole part), the files of a playlist, a file itself (also inside a layout's zones and as its
 * background). A part with nothing left to play is left out, so the next item, a lower-priority event or the fallback
 * shows from that minute. The boundaries are in the compiled items, so a player offline switches at them too.
 */

/** A span of validity: instants in epoch ms, null for no bound. */
export interface ValidSpan {
  from: number | null;
  until: number | null;
}

const ALWAYS: ValidSpan = { from: null, until: null };

export function validSpan(from: string | Date | null | undefined, until: string | Date | null | undefined): ValidSpan {
  const ms = (value: string | Date | null | undefined) => (value == null ? null : value instanceof Date ? value.getTime() : Date.parse(value));
  return { from: ms(from), until: ms(until) };
}

/** An event's wall-clock bounds ('YYYY-MM-DDTHH:MM') as instants in `timeZone` (Temporal's 'compatible' rule, as events). */
export function localSpan(from: string | null | undefined, until: string | null | undefined, timeZone: string): ValidSpan {
  const at = (local: string | null | undefined) =>
    local ? Temporal.PlainDateTime.from(local).toZonedDateTime(timeZone, { disambiguation: 'compatible' }).epochMilliseconds : null;
  return { from: at(from), until: at(until) };
}

/** Both spans at once (the later start, the earlier end). */
export function intersect(a: ValidSpan | undefined, b: ValidSpan | undefined): ValidSpan | undefined {
  if (!a) return b;
  if (!b) return a;
  const later = a.from === null ? b.from : b.from === null ? a.from : Math.max(a.from, b.from);
  const earlier = a.until === null ? b.until : b.until === null ? a.until : Math.min(a.until, b.until);
  return { from: later, until: earlier };
}

export const isBounded = (span: ValidSpan | undefined): span is ValidSpan => !!span && (span.from !== null || span.until !== null);

/** Whether `span` holds at `at` (from inclusive, until exclusive). */
export function validAt(span: ValidSpan | undefined, at: number): boolean {
  return !span || ((span.from === null || span.from <= at) && (span.until === null || at < span.until));
}

/** The validity of an item's content, as the compiler knows it for one device zone. */
export interface ItemValidity {
  /** The event's, with its playlist's (a playlist event) intersected: the whole item. */
  item?: ValidSpan;
  /** Each file's own, by media id. */
  media: ReadonlyMap<number, ValidSpan>;
  /** A layout item's zones that play a playlist: that playlist's, by zone id. */
  zones?: ReadonlyMap<number, ValidSpan>;
}

function boundariesOf(validity: ItemValidity, item: ScheduleItem): number[] {
  const spans: ValidSpan[] = [];
  if (validity.item) spans.push(validity.item);
  const files: ScheduleMedia[] = [...item.media];
  if (item.layout) {
    for (const zone of item.layout.zones) {
      files.push(...zone.items);
      const span = validity.zones?.get(zone.id);
      if (span) spans.push(span);
    }
    if (item.layout.background.image) files.push(item.layout.background.image);
  }
  for (const file of files) {
    const span = validity.media.get(file.id);
    if (span) spans.push(span);
  }
  return spans.flatMap((span) => [span.from, span.until].filter((at): at is number => at !== null));
}

/**
 * `item` as it plays under `validity`: unchanged when nothing in it has a bound inside it, else its parts between the
 * boundaries, each with only what is valid there, the parts with nothing to play left out (none at all: an empty list).
 */
export function splitByValidity(item: ScheduleItem, validity: ItemValidity, timeZone: string): ScheduleItem[] {
  const start = Date.parse(item.starts_at);
  const end = Date.parse(item.ends_at);
  const cuts = [...new Set(boundariesOf(validity, item).filter((at) => at > start && at < end))].sort((a, b) => a - b);
  const edges = [start, ...cuts, end];
  const parts: ScheduleItem[] = [];
  const iso = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms).toString();
  const local = (ms: number) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainDateTime().toString();
  for (let i = 0; i < edges.length - 1; i++) {
    const from = edges[i]!;
    const until = edges[i + 1]!;
    if (!validAt(validity.item ?? ALWAYS, from)) continue;
    const keep = (file: ScheduleMedia) => validAt(validity.media.get(file.id), from);
    const media = item.media.filter(keep);
    let layout = item.layout;
    if (layout) {
      const zones = layout.zones.map((zone) => (validAt(validity.zones?.get(zone.id), from) ? { ...zone, items: zone.items.filter(keep) } : { ...zone, items: [] }));
      const image = layout.background.image && keep(layout.background.image) ? layout.background.image : null;
      layout = { ...layout, background: { ...layout.background, image }, zones };
      if (!zones.some((zone) => zone.items.length || zone.widget)) continue;
    } else if (!media.length) continue;
    const whole = cuts.length === 0;
    parts.push({
      ...item,
      ...(whole ? {} : { starts_at: iso(from), ends_at: iso(until), local_start: local(from), local_end: local(until) }),
      media,
      ...(layout ? { layout } : {}),
    });
  }
  return parts;
}
