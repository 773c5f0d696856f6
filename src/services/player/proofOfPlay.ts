import type { FilePlayRecord, PlayRecord, PlaysOutcome, WidgetShowingRecord } from './protocol.ts';
import type { Play } from './schedule.ts';
import { newPlayId, type PlayStore } from './storage.ts';

/** Plays sent per request (the server takes up to 1,000). */
export const PLAYS_PER_BATCH = 500;

/**
 * Sends the stored plays in batches, oldest first, and forgets each play the server settled (accepted, already
 * stored, or refused with a reason: a re-sent batch answered as duplicates is dropped, so nothing counts twice).
 * Stops at the first batch that fails (offline, key refused) and keeps it for the next round.
 * Answers how many plays were settled.
 */
export async function flushPlays(store: PlayStore, send: (plays: PlayRecord[]) => Promise<PlaysOutcome>, maxBatches = 20): Promise<number> {
  let settled = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const plays = await store.take(PLAYS_PER_BATCH);
    if (plays.length === 0) break;
    const outcome = await send(plays);
    if (outcome.ok) {
      await store.remove(outcome.settled);
      settled += outcome.settled.length;
    } else if (outcome.reason === 'rejected') {
      // The server cannot read this batch at all: kept, it would block every later play.
      await store.remove(plays.map((play) => play.id));
    } else break;
    if (plays.length < PLAYS_PER_BATCH) break;
  }
  return settled;
}

/**
 * What is on screen now, turned into a play when it stops (issue 35.3): a play is recorded when it ends, with the
 * seconds it was really on screen and how it ended, never at its start with the length it was meant to have (a file
 * whose decoding failed after 4 s counted as a full play of 10 s). Played through: completed; cut short by the next
 * play (an override, a publish that took it away) or by an empty screen: partial; the file failed while shown: failed.
 * A file that failed before it showed was never on screen: no play (the delivery report names it). An emergency
 * override's play is no event of a campaign: nothing to prove. A layout's zones each have a clock of their own (their plays
 * name the zone). A power cut loses the play on screen at that moment.
 */
export class ShowingClock {
  private showing: { play: Play; startedAt: number; wallClock: string } | null = null;

  /** `play` starts at `now` (ms): the play shown until then, if any, ends cut short. */
  started(play: Play, now: number, wallClock = new Date(now).toISOString()): FilePlayRecord | null {
    const cut = this.close('partial', now);
    this.showing = { play, startedAt: now, wallClock };
    return cut;
  }

  /** `play` played through. */
  ended(play: Play, now: number): FilePlayRecord | null {
    return this.showing?.play === play ? this.close('completed', now) : null;
  }

  /** `play` failed: a failure of the play on screen ends it; one of a file that never showed records nothing. */
  failed(play: Play, now: number): FilePlayRecord | null {
    return this.showing?.play === play ? this.close('failed', now) : null;
  }

  /** The screen emptied (nothing to play): the play on screen ends cut short. */
  cleared(now: number): FilePlayRecord | null {
    return this.close('partial', now);
  }

  private close(outcome: NonNullable<PlayRecord['outcome']>, now: number): FilePlayRecord | null {
    const showing = this.showing;
    this.showing = null;
    if (!showing || showing.play.override !== undefined) return null;
    return {
      id: newPlayId(),
      event: showing.play.event,
      media: showing.play.media.id,
      ...(showing.play.playlist ? { playlist: showing.play.playlist } : {}),
      ...(showing.play.zone !== undefined ? { zone: showing.play.zone } : {}),
      started_at: showing.wallClock,
      duration: Math.max(0.001, Math.round(now - showing.startedAt) / 1000),
      outcome,
    };
  }
}

/** A widget showing shorter than this (a layout cut at once, a turn's boundary) is no showing: seconds. */
export const MIN_WIDGET_SHOWING_SECONDS = 0.5;

/**
 * The widget zones of the layout on screen, counted like media (issue 38; docs/api.md "Proof of play"): one showing per
 * widget zone per layout turn (`turn`: the lead zone's loop, or 10 s for a layout without files), `completed`, with its
 * real seconds; the layout leaving ends the turn under way as `partial`. An override's layout proves nothing.
 */
export class WidgetShowings {
  private showing: { event: number; override: boolean; widgets: { zone: number; kind: string }[]; startedAt: number; wallClock: string } | null = null;

  /** A layout with `widgets` starts showing at `now` (the one before, if any, ends cut short). */
  started(play: Play, widgets: { zone: number; kind: string }[], now: number): WidgetShowingRecord[] {
    const cut = this.close('partial', now);
    this.showing = widgets.length ? { event: play.event, override: play.override !== undefined, widgets, startedAt: now, wallClock: new Date(now).toISOString() } : null;
    return cut;
  }

  /** The layout's turn ended and it goes on: each zone's showing is recorded, a new one begins. */
  turn(now: number): WidgetShowingRecord[] {
    const open = this.showing;
    const done = this.close('completed', now);
    if (open) this.showing = { ...open, startedAt: now, wallClock: new Date(now).toISOString() };
    return done;
  }

  /** The layout left the screen. */
  cleared(now: number): WidgetShowingRecord[] {
    return this.close('partial', now);
  }

  private close(outcome: NonNullable<WidgetShowingRecord['outcome']>, now: number): WidgetShowingRecord[] {
    const showing = this.showing;
    this.showing = null;
    const duration = showing ? Math.round(now - showing.startedAt) / 1000 : 0;
    if (!showing || showing.override || duration < MIN_WIDGET_SHOWING_SECONDS) return [];
    return showing.widgets.map(({ zone, kind }) => ({ id: newPlayId(), kind: 'widget', event: showing.event, zone, widget: kind, started_at: showing.wallClock, duration, outcome }));
  }
}
