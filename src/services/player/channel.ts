/*
 * The player's side of the live channel (docs/api.md "Live channel"): one Server-Sent Events stream, read with fetch
 * so the serial and key travel in headers as on every player route, kept open with reconnects after a backoff with
 * jitter. The channel only says that something changed; the player then heartbeats or fetches as it always does, so a
 * notice missed while disconnected costs one heartbeat. Shared by the web player, `npm run simulate` and the benches.
 */
import { API_PREFIX } from './protocol.ts';

/** What a notice names (fetch it through the existing routes). */
export type NoticeKind = 'schedule' | 'configs' | 'command' | 'navigation' | 'override';

export type ChannelEvent =
  | { type: 'ready'; device: number; scheduleVersion: number }
  | { type: 'notice'; kinds: NoticeKind[] }
  | { type: 'close'; code: string };

/** How one connection ended: refused before the stream (with the server's code), ended by the server, or lost. */
export type ChannelEnd = { reason: 'refused'; status: number; code: string } | { reason: 'closed'; code: string | null } | { reason: 'lost' };

/** Splits a Server-Sent Events stream into events; feed it text as it arrives. */
export class SseParser {
  private buffer = '';

  constructor(private readonly onEvent: (event: string, data: string) => void) {}

  push(text: string): void {
    this.buffer += text;
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end < 0) return;
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let event = 'message';
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
      }
      if (data.length) this.onEvent(event, data.join('\n'));
    }
  }
}

/** A frame as the player understands it; null for anything it does not know (a later server may say more). */
export function channelEvent(event: string, data: string): ChannelEvent | null {
  try {
    const body = JSON.parse(data) as Record<string, unknown>;
    if (event === 'ready' && typeof body.device === 'number') return { type: 'ready', device: body.device, scheduleVersion: Number(body.schedule_version ?? 0) };
    if (event === 'notice' && Array.isArray(body.kinds)) return { type: 'notice', kinds: body.kinds.filter((kind): kind is NoticeKind => typeof kind === 'string') };
    if (event === 'close' && typeof body.code === 'string') return { type: 'close', code: body.code };
  } catch {
    /* not JSON: not ours */
  }
  return null;
}

export interface ChannelTarget {
  /** Origin of the server ('' for the page's own). */
  origin: string;
  serial: string;
  key: string;
  fetch?: typeof fetch;
}

/**
 * One connection: resolves when it ends (never rejects). `onEvent` receives each frame, `ready` first.
 */
export async function connectChannel(target: ChannelTarget, onEvent: (event: ChannelEvent) => void, signal?: AbortSignal): Promise<ChannelEnd> {
  const doFetch = target.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(`${target.origin}${API_PREFIX}/player/channel/`, {
      headers: { accept: 'text/event-stream', 'x-device-serial': target.serial, 'x-device-key': target.key },
      cache: 'no-store',
      signal,
    });
  } catch {
    return { reason: 'lost' };
  }
  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => ({}))) as { code?: unknown };
    if (response.status === 401 || response.status === 403) return { reason: 'refused', status: response.status, code: typeof body.code === 'string' ? body.code : 'refused' };
    return { reason: 'lost' };
  }
  let closedWith: string | null | undefined;
  const parser = new SseParser((name, data) => {
    const event = channelEvent(name, data);
    if (!event) return;
    if (event.type === 'close') closedWith = event.code;
    onEvent(event);
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
  } catch {
    return closedWith === undefined ? { reason: 'lost' } : { reason: 'closed', code: closedWith };
  }
  return { reason: 'closed', code: closedWith ?? null };
}

/** The first retry waits about this long; each failure doubles it up to RECONNECT_MAX_MS. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 60_000;

/**
 * The wait before reconnect attempt `attempt` (0 = first after a loss): exponential, capped, with full jitter over
 * its upper half, so a restarted server is not met by every screen in the same millisecond.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

export interface ChannelOptions {
  target: () => ChannelTarget | null;
  onEvent: (event: ChannelEvent) => void;
  /** The channel's own state, for diagnosis (and the web player's data-channel attribute). */
  onState?: (state: 'connecting' | 'open' | 'waiting' | 'stopped', end?: ChannelEnd) => void;
  random?: () => number;
}

/**
 * Keeps a channel open until stop(): after any end (lost, refused, closed by the server) it waits reconnectDelay and
 * connects again; an open stream resets the backoff. A refusal waits the longest delay: the heartbeat tells the
 * player why (disabled, key lost) and the player stops the channel.
 */
export function keepChannel(options: ChannelOptions): { stop(): void } {
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const abort = new AbortController();

  const run = async (): Promise<void> => {
    const target = options.target();
    if (!target || stopped) return;
    options.onState?.('connecting');
    let opened = false;
    const end = await connectChannel(
      target,
      (event) => {
        if (event.type === 'ready') {
          opened = true;
          attempt = 0;
          options.onState?.('open');
        }
        options.onEvent(event);
      },
      abort.signal,
    );
    if (stopped) return;
    options.onState?.('waiting', end);
    const delay = end.reason === 'refused' ? RECONNECT_MAX_MS : reconnectDelay(opened ? 0 : attempt, options.random);
    attempt += 1;
    timer = setTimeout(() => void run(), delay);
  };
  void run();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      abort.abort();
      options.onState?.('stopped');
    },
  };
}
