import { isApiInstant, MAX_ID } from '../../src/services/schemas/common.ts';
import { MAX_PLAYS_PER_BATCH, PLAY_OUTCOMES, type PlayOutcome, type PlayRefusal } from '../../src/services/schemas/statistics.ts';
import { WIDGET_KINDS, type WidgetKind } from '../../src/services/schemas/widgets.ts';
import type { PlayInput, WidgetPlayInput } from '../db/plays.ts';

/**
 * Plays older than this are refused and deleted (the default of PLAY_RETENTION_DAYS): a bit over a year, so a
 * year-on-year report still has them.
 */
export const PLAY_RETENTION_DAYS = 400;
/** A player's clock may run this far ahead of the server's before its plays count as "in the future". */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;
/** Longest single showing a play may report (a day). */
export const MAX_PLAY_SECONDS = 86_400;

const PLAY_ID = /^[A-Za-z0-9._:-]{1,64}$/;

const isOutcome = (value: unknown): value is PlayOutcome => (PLAY_OUTCOMES as readonly unknown[]).includes(value);
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_ID;

export interface CheckedBatch {
  /** Plays to store, each id once. */
  plays: PlayInput[];
  /** Widget showings (issue 38: `kind: "widget"`, a zone and its widget, no media) to store, each id once. */
  widgetPlays: WidgetPlayInput[];
  /** Copies of an id already in this batch. */
  repeated: number;
  refused: { id: string | null; reason: PlayRefusal }[];
}

/**
 * Checks each play of a batch on its own (a bad play is refused with its reason, the others go on): the shape (an
 * outcome, when given, one of PLAY_OUTCOMES; without it the play is completed), a
 * start no later than now (with CLOCK_SKEW_MS of tolerance) and within the retention window. Written out rather than
 * a superstruct schema per item: this is the ingest hot path (1,000 plays a batch).
 */
export function checkPlays(items: readonly unknown[], now: number, retentionDays = PLAY_RETENTION_DAYS): CheckedBatch {
  const seen = new Set<string>();
  const result: CheckedBatch = { plays: [], widgetPlays: [], repeated: 0, refused: [] };
  const oldest = now - retentionDays * 86_400_000;
  for (const item of items) {
    const play = (item && typeof item === 'object' && !Array.isArray(item) ? item : {}) as Record<string, unknown>;
    const id = typeof play.id === 'string' && PLAY_ID.test(play.id) ? play.id : null;
    const started = isApiInstant(play.started_at) ? Date.parse(play.started_at) : Number.NaN;
    const playlist = play.playlist ?? null;
    const zone = play.zone ?? null;
    const outcome = play.outcome ?? 'completed';
    const widget = play.kind === 'widget';
    if (
      id === null ||
      !isId(play.event) ||
      (widget ? !(WIDGET_KINDS as readonly unknown[]).includes(play.widget) || !isId(zone) || play.media !== undefined : !isId(play.media)) ||
      !(play.kind === undefined || play.kind === 'media' || widget) ||
      !(playlist === null || isId(playlist)) ||
      !(zone === null || isId(zone)) ||
      !isOutcome(outcome) ||
      Number.isNaN(started) ||
      typeof play.duration !== 'number' ||
      !(play.duration > 0 && play.duration <= MAX_PLAY_SECONDS)
    ) {
      result.refused.push({ id: typeof play.id === 'string' ? play.id.slice(0, 64) : null, reason: 'invalid' });
      continue;
    }
    if (seen.has(id)) {
      result.repeated += 1;
      continue;
    }
    seen.add(id);
    if (started > now + CLOCK_SKEW_MS) result.refused.push({ id, reason: 'in_future' });
    else if (started < oldest) result.refused.push({ id, reason: 'too_old' });
    else if (widget) result.widgetPlays.push({ id, event: play.event, zone: zone as number, widget: play.widget as WidgetKind, started_at: new Date(started).toISOString(), duration: play.duration, outcome });
    else result.plays.push({ id, event: play.event, media: play.media as number, playlist, zone, started_at: new Date(started).toISOString(), duration: play.duration, outcome });
  }
  return result;
}

export { MAX_PLAYS_PER_BATCH };

/**
 * The instant before which the retention sweep deletes plays and roll-ups: the start of the hour `retentionDays` before
 * `now`, so a roll-up hour is deleted with all of its raw plays or not at all (the raw table and the roll-ups keep
 * agreeing). Plays of that last partial hour stay until the next sweep; ingest already refuses them.
 */
export function retentionCutoff(now: number, retentionDays = PLAY_RETENTION_DAYS): Date {
  const oldest = now - retentionDays * 86_400_000;
  return new Date(Math.floor(oldest / 3_600_000) * 3_600_000);
}
