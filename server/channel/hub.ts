import type { DeviceChange, DeviceChangeKind } from '../db/deviceChanges.ts';

/** What a connected player is told: the kinds of change to fetch through the existing routes. */
export type NoticeKind = Exclude<DeviceChangeKind, 'access'>;

/** One player's open channel. */
export interface ChannelConnection {
  readonly deviceId: number;
  readonly serial: string;
  readonly key: string;
  /** Writes one Server-Sent Events frame; false when the stream is gone. */
  write(frame: string): boolean;
  /** Ends the stream, naming why with a last `close` frame. */
  close(code: string): void;
}

/** Why a connected player's channel no longer opens (its code), or null while it still does. */
export type Recheck = (serial: string, key: string) => Promise<string | null>;

/** How often an idle stream carries a comment, so proxies keep it and a dead peer is found. */
export const KEEPALIVE_MS = 25_000;

/**
 * A delivery naming more connected devices than this is written over a short window rather than in one turn (issue
 * 35.20): every screen told at once heartbeats and fetches its schedule at once, and the regular heartbeats of the
 * fleet queued behind that herd (p95 1.26 s while an override reached 1,000 screens). Smaller ones go out at once.
 */
export const NOTICE_SPREAD_FROM = 50;
/** The window a large delivery is spread over: this much per device, NOTICE_SPREAD_MAX_MS at most. */
export const NOTICE_SPREAD_PER_DEVICE_MS = 0.4;
export const NOTICE_SPREAD_MAX_MS = 400;
/** How often a spread delivery writes its next slice. */
export const NOTICE_SLICE_MS = 10;

export const noticeFrame = (kinds: readonly NoticeKind[]) => `event: notice\ndata: ${JSON.stringify({ kinds })}\n\n`;
export const closeFrame = (code: string) => `event: close\ndata: ${JSON.stringify({ code })}\n\n`;

/**
 * The players connected to this instance, by device: the device change log (server/db/deviceChanges.ts, woken by
 * NOTIFY) hands every entry here, and each connected device gets one notice frame per batch naming what changed.
 * An `access` entry (key, serial, activation, deletion) checks the channel's credentials again and closes it when
 * they no longer open it. Nothing here is the record: a notice lost costs the player one heartbeat.
 */
export class ChannelHub {
  private readonly byDevice = new Map<number, Set<ChannelConnection>>();
  private keepalive: ReturnType<typeof setInterval> | undefined;
  private count = 0;
  /**
   * Devices of a spread delivery not written yet, in turn order, with the kinds they will be told: a later delivery
   * naming one adds its kinds (an override's `schedule` and `override` entries make one notice, so one heartbeat).
   */
  private readonly waiting = new Map<number, Set<NoticeKind>>();
  /** When every device waiting now must have been written (Date.now() ms). */
  private spreadUntil = 0;
  private slices: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly recheck: Recheck,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly keepaliveMs = KEEPALIVE_MS,
  ) {}

  get size(): number {
    return this.count;
  }

  /** Open streams of one device on this instance. */
  streamsOf(deviceId: number): number {
    return this.byDevice.get(deviceId)?.size ?? 0;
  }

  add(connection: ChannelConnection): void {
    let set = this.byDevice.get(connection.deviceId);
    if (!set) this.byDevice.set(connection.deviceId, (set = new Set()));
    if (set.has(connection)) return;
    set.add(connection);
    this.count += 1;
    if (!this.keepalive) {
      this.keepalive = setInterval(() => this.ping(), this.keepaliveMs);
      this.keepalive.unref?.();
    }
  }

  remove(connection: ChannelConnection): void {
    const set = this.byDevice.get(connection.deviceId);
    if (!set?.delete(connection)) return;
    this.count -= 1;
    if (set.size === 0) this.byDevice.delete(connection.deviceId);
    if (this.count === 0) {
      clearInterval(this.keepalive);
      this.keepalive = undefined;
    }
  }

  /** Entries of the change log, oldest first. */
  deliver(changes: readonly DeviceChange[]): void {
    const kindsByDevice = new Map<number, Set<DeviceChangeKind>>();
    for (const change of changes) {
      if (change.kind === null || !this.byDevice.has(change.deviceId)) continue;
      let kinds = kindsByDevice.get(change.deviceId);
      if (!kinds) kindsByDevice.set(change.deviceId, (kinds = new Set()));
      kinds.add(change.kind);
    }
    const spread = kindsByDevice.size > NOTICE_SPREAD_FROM;
    for (const [deviceId, kinds] of kindsByDevice) {
      const notices = [...kinds].filter((kind): kind is NoticeKind => kind !== 'access');
      if (notices.length) {
        const waiting = this.waiting.get(deviceId);
        if (waiting) for (const kind of notices) waiting.add(kind);
        else if (spread) this.waiting.set(deviceId, new Set(notices));
        else this.notify(deviceId, notices);
      }
      if (kinds.has('access')) for (const connection of [...(this.byDevice.get(deviceId) ?? [])]) void this.checkAgain(connection);
    }
    if (spread && this.waiting.size) {
      // What waits now goes out within the window its size earns, a slice at once and one every NOTICE_SLICE_MS (a
      // spread under way goes on, to the later of the two ends).
      const window = Math.min(NOTICE_SPREAD_MAX_MS, this.waiting.size * NOTICE_SPREAD_PER_DEVICE_MS);
      this.spreadUntil = Math.max(this.spreadUntil, Date.now() + window);
      if (!this.slices) this.nextSlice();
    }
  }

  private notify(deviceId: number, kinds: readonly NoticeKind[]): void {
    for (const connection of [...(this.byDevice.get(deviceId) ?? [])]) if (!connection.write(noticeFrame(kinds))) this.remove(connection);
  }

  /**
   * Writes the next slice of the waiting devices, and arms the one after while any wait. The slice is the waiting
   * devices' share of the window left: a timer that fires late (a busy event loop, as under the load bench) writes more,
   * so the last device is told at the window's end plus one late turn, not a multiple of it (a slice of fixed size
   * every 10 ms stretched the window by every late timer).
   */
  private nextSlice(): void {
    this.slices = undefined;
    const slicesLeft = Math.max(1, Math.floor((this.spreadUntil - Date.now()) / NOTICE_SLICE_MS) + 1);
    const count = Math.ceil(this.waiting.size / slicesLeft);
    let n = 0;
    for (const [deviceId, kinds] of this.waiting) {
      if (n++ >= count) break;
      this.waiting.delete(deviceId);
      this.notify(deviceId, [...kinds]);
    }
    if (this.waiting.size) {
      this.slices = setTimeout(() => this.nextSlice(), NOTICE_SLICE_MS);
      this.slices.unref?.();
    }
  }

  private async checkAgain(connection: ChannelConnection): Promise<void> {
    try {
      const refusal = await this.recheck(connection.serial, connection.key);
      if (refusal) this.end(connection, refusal);
    } catch (error) {
      this.onError(error);
    }
  }

  private end(connection: ChannelConnection, code: string): void {
    this.remove(connection);
    connection.close(code);
  }

  private ping(): void {
    for (const set of this.byDevice.values()) for (const connection of [...set]) if (!connection.write(': keepalive\n\n')) this.remove(connection);
  }

  /** Ends every stream (the server is stopping): players reconnect, to another instance if there is one. */
  closeAll(code = 'server_stopping'): void {
    clearTimeout(this.slices);
    this.slices = undefined;
    this.waiting.clear();
    for (const set of [...this.byDevice.values()]) for (const connection of [...set]) this.end(connection, code);
  }
}
