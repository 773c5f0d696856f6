import type { Db } from '../db/index.ts';
import type { WebhookConfig } from '../config.ts';
import { sendOnce } from './send.ts';
import { claimDue, recordEndpointHealth, settleAttempt, type ClaimedDelivery } from './store.ts';

/** How many deliveries one instance sends at once, and how many of one endpoint are in flight across all instances. */
const IN_FLIGHT = 32;
const PER_ENDPOINT = 4;
/** A claim outlives its attempt's deadline by this much (the outcome's write), then another instance may take it. */
export const LEASE_MARGIN_MS = 30_000;

/** The wait before attempt `n + 1` after `n` failed ones: base, doubled each time, at most `max`. */
export function backoffMs(failedAttempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(30, failedAttempts - 1)));
}

/** Sends one claimed delivery and records the outcome (retry time, give-up, endpoint health). */
export async function deliver(db: Db, delivery: ClaimedDelivery, config: WebhookConfig): Promise<void> {
  const attempt = await sendOnce(
    { url: delivery.url, secret: delivery.secret, eventId: delivery.event_id, event: delivery.event, body: delivery.body },
    { allowPrivate: config.allowPrivate, timeoutMs: config.timeoutMs },
  );
  const ok = attempt.status !== null && attempt.status >= 200 && attempt.status < 300;
  const retryAt = new Date(Date.now() + backoffMs(delivery.attempt_count, config.retryBaseMs, config.retryMaxMs));
  const expired = retryAt.getTime() > Date.parse(delivery.created_at) + config.giveUpMs;
  // A claim that outlived its lease (a paused process) leaves the outcome to whoever took the delivery over.
  if (!(await settleAttempt(db, delivery, attempt, ok || expired ? null : retryAt))) return;
  await recordEndpointHealth(db, delivery.endpoint_id, ok, config.giveUpMs);
}

/**
 * The delivery worker of one instance. Every `tickMs` (and at `wake()`: an event was queued) it claims due deliveries,
 * leased for the attempt's deadline (WEBHOOK_TIMEOUT_MS, which bounds the whole attempt) and a margin so a dead
 * instance's claim is taken over, and sends each on its own: a claim never waits for earlier attempts to end, only for a
 * free place (IN_FLIGHT per instance, PER_ENDPOINT per endpoint), and each attempt that ends frees its place at once.
 * `background` (the offline detector) runs beside it on the same tick, never behind a delivery (issue 35.14).
 */
export function startWebhookWorker(
  db: Db,
  settings: () => WebhookConfig,
  log: { error(obj: unknown, msg?: string): void },
  background?: () => Promise<void>,
) {
  const inFlight = new Set<Promise<void>>();
  let claiming: Promise<void> | null = null;
  let backgroundRun: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const claim = (): void => {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = (async () => {
      try {
        const config = settings();
        for (;;) {
          const room = IN_FLIGHT - inFlight.size;
          if (room <= 0 || stopped) break;
          const claimed = await claimDue(db, room, config.timeoutMs + (config.leaseMarginMs ?? LEASE_MARGIN_MS), PER_ENDPOINT);
          for (const delivery of claimed) {
            const sending: Promise<void> = deliver(db, delivery, config)
              .catch((error) => log.error({ err: error }, 'webhook delivery failed'))
              .finally(() => {
                inFlight.delete(sending);
                claim();
              });
            inFlight.add(sending);
          }
          if (claimed.length < room) break;
        }
      } catch (error) {
        log.error({ err: error }, 'webhook worker tick failed');
      } finally {
        claiming = null;
        if (again && !stopped) {
          again = false;
          claim();
        }
      }
    })();
  };
  const tick = (): void => {
    if (!stopped && background && !backgroundRun) {
      backgroundRun = background()
        .catch((error) => log.error({ err: error }, 'webhook worker background task failed'))
        .finally(() => (backgroundRun = null));
    }
    claim();
  };
  const tickMs = settings().tickMs;
  const timer = tickMs > 0 ? setInterval(tick, tickMs) : undefined;
  timer?.unref();
  return {
    wake: claim,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await claiming;
      await backgroundRun;
      await Promise.all(inFlight);
    },
  };
}
