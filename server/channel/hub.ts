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
    for (const [deviceId, kinds] of kindsByDevice) {
      const notices = [...kinds].filter((kind): kind is NoticeKind => kind !== 'access');
      for (const connection of [...(this.byDevice.get(deviceId) ?? [])]) {
        if (notices.length && !connection.write(noticeFrame(notices))) this.remove(connection);
        if (kinds.has('access')) void this.checkAgain(connection);
      }
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
    for (const set of [...this.byDevice.values()]) for (const connection of [...set]) this.end(connection, code);
  }
}
