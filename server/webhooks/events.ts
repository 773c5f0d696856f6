import type { Db } from '../db/index.ts';
import type { WebhookEvent } from '../../src/services/schemas/webhooks.ts';
import { eventBody } from './send.ts';
import { queueEvent, queueEvents } from './store.ts';

/** This process's workers, by database handle: an event queued through one wakes its worker at once. */
const wakers = new WeakMap<object, () => void>();

export function onEventQueued(db: Db, wake: () => void): void {
  wakers.set(db, wake);
}

/** Wakes this process's delivery worker (after a transaction that queued events through its own handle commits). */
export function wakeDeliveries(db: Db): void {
  wakers.get(db)?.();
}

/**
 * Queues an event for every endpoint of `company` (and the administrator's) that listens to it. The delivery rows are
 * the record: a worker of any instance sends them. Answers the event id.
 */
export async function emitEvent(db: Db, type: WebhookEvent, company: number | null, data: Record<string, unknown>): Promise<string> {
  const event = eventBody(type, company, data);
  const queued = await queueEvent(db, { id: event.id, type, company, body: event.body });
  if (queued) wakers.get(db)?.();
  return event.id;
}

/** emitEvent for several events of one type (one statement for all, however many); answers their ids. */
export async function emitEvents(db: Db, type: WebhookEvent, events: readonly { company: number | null; data: Record<string, unknown> }[]): Promise<string[]> {
  const bodies = events.map((event) => ({ ...eventBody(type, event.company, event.data), company: event.company }));
  const queued = await queueEvents(db, type, bodies);
  if (queued) wakers.get(db)?.();
  return bodies.map((body) => body.id);
}

/** emitEvent for callers that must not fail because of it (a route already did its work): errors go to the log. */
export function emitQuietly(db: Db, log: { warn(obj: unknown, msg?: string): void }, type: WebhookEvent, company: number | null, data: Record<string, unknown>): Promise<void> {
  return emitEvent(db, type, company, data).then(
    () => undefined,
    (error: unknown) => log.warn({ err: error, event: type }, 'queuing a webhook event failed'),
  );
}
