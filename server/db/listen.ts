import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A subscription to a PostgreSQL notification channel (LISTEN/NOTIFY). Any module may listen on its own channel
 * name: notifications are a wake-up between instances, so whatever they announce must also be readable from the
 * database (a log, a version) by a listener that missed one while reconnecting.
 */
export interface Listening {
  close(): Promise<void>;
}

/** What a listener is told: a notification's payload, or null after a (re)connection, when some may have been missed. */
export type OnNotify = (payload: string | null) => void;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function assertChannelName(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`Not a notification channel name: ${channel}`);
}

/** How long a lost listening connection waits before it connects again (doubling up to the maximum). */
const RECONNECT_MS = 500;
const RECONNECT_MAX_MS = 10_000;

/**
 * Listens on `channel` with a connection of its own (a pooled connection cannot keep a LISTEN), connecting again
 * after a loss; each (re)connection is reported with a null payload once LISTEN holds.
 */
export async function listenPostgres(connectionString: string, channel: string, onNotify: OnNotify, onError: (error: unknown) => void): Promise<Listening> {
  assertChannelName(channel);
  let closed = false;
  let client: pg.Client | null = null;
  let retryMs = RECONNECT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '');
    });
    next.on('error', (error) => {
      onError(error);
      lost(next);
    });
    next.on('end', () => lost(next));
    client = next;
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    retryMs = RECONNECT_MS;
    onNotify(null);
  };

  const lost = (which: pg.Client) => {
    if (closed || client !== which) return;
    client = null;
    which.end().catch(() => undefined);
    clearTimeout(timer);
    timer = setTimeout(() => void connect().catch(retry), retryMs);
    timer.unref?.();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };
  const retry = (error: unknown) => {
    onError(error);
    if (client) lost(client);
  };

  await connect().catch(retry);
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}

/** Listens on `channel` of an embedded database: notifications stay in this process. */
export async function listenPglite(client: PGlite, channel: string, onNotify: OnNotify): Promise<Listening> {
  assertChannelName(channel);
  const unsubscribe = await client.listen(channel, (payload) => onNotify(payload));
  onNotify(null);
  return { close: () => unsubscribe() };
}
