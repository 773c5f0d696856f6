import type { PlayRecord, PlaysOutcome } from './protocol.ts';
import type { PlayStore } from './storage.ts';

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
