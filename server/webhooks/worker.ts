import type { Db } from '../db/index.ts';
import type { WebhookConfig } from '../config.ts';
import { sendOnce } from './send.ts';
import { claimDue, recordEndpointHealth, settleAttempt, type ClaimedDelivery } from './store.ts';

/** How many deliveries one tick claims, and how many it sends at once. */
const BATCH = 20;

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
  await settleAttempt(db, delivery, attempt, ok || expired ? null : retryAt);
  await recordEndpointHealth(db, delivery.endpoint_id, ok, config.giveUpMs);
}

/**
 * The delivery worker of one instance: every `tickMs` it claims due deliveries (leased for the attempt's timeout and a
 * margin, so a dead instance's claim is taken over) and sends them. `wake()` runs a tick at once (an event was queued).
 */
export function startWebhookWorker(db: Db, settings: () => WebhookConfig, log: { error(obj: unknown, msg?: string): void }, extra?: () => Promise<void>) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      const config = settings();
      try {
        await extra?.();
        for (;;) {
          const claimed = await claimDue(db, BATCH, config.timeoutMs + 30_000);
          await Promise.all(claimed.map((delivery) => deliver(db, delivery, config).catch((error) => log.error({ err: error }, 'webhook delivery failed'))));
          if (claimed.length < BATCH || stopped) break;
        }
      } catch (error) {
        log.error({ err: error }, 'webhook worker tick failed');
      } finally {
        running = null;
        if (again && !stopped) {
          again = false;
          tick();
        }
      }
    })();
  };
  const tickMs = settings().tickMs;
  const timer = tickMs > 0 ? setInterval(tick, tickMs) : undefined;
  timer?.unref();
  return {
    wake: tick,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running;
    },
  };
}
