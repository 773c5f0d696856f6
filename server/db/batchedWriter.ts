/**
 * Reports written behind the request: each key's value waits here (a newer one replaces it, or is merged into it) and
 * every waiting value is written together, one call of `write` at most every `flushMs`. Memory only coalesces: the
 * database holds the truth, and what one instance notes is in it within `flushMs` (`spacingMs` for a key written
 * just before), where every instance reads it.
 *
 * A batch whose write fails is kept and tried once more with the next one (a newer value of a key is merged into it);
 * what fails a second time is dropped. Both are reported to `onError` with the number of values dropped (0: kept for
 * one more try), so no failed batch goes unnoticed.
 */
export interface BatchedWriterOptions<K, V> {
  /** Writes one batch: every key at most once. */
  write: (batch: [K, V][]) => Promise<void>;
  /** A failed write: `dropped` values were given up (0: the batch is tried once more). */
  onError: (error: unknown, dropped: number) => void;
  flushMs: number;
  /** What waits when a newer value of its key comes (default: the newer one). */
  merge?: (older: V, newer: V) => V;
  /**
   * A key written less than this long ago waits (its newest value) until this long has passed since: a client that
   * reports more often than this costs one write per spacingMs, not one per report. flush() ignores it.
   */
  spacingMs?: number;
  now?: () => number;
}

interface Waiting<V> {
  value: V;
  /** Kept from a failed write: dropped if this one fails too. */
  retry: boolean;
}

export class BatchedWriter<K, V> {
  private pending = new Map<K, Waiting<V>>();
  /** When each key was last written, oldest first (spacingMs only). */
  private written = new Map<K, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> | null = null;
  private readonly merge: (older: V, newer: V) => V;
  private readonly now: () => number;

  constructor(private readonly options: BatchedWriterOptions<K, V>) {
    this.merge = options.merge ?? ((_older, newer) => newer);
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.pending.size;
  }

  /** The value waiting for `key`, if any. */
  get(key: K): V | undefined {
    return this.pending.get(key)?.value;
  }

  note(key: K, value: V): void {
    const waiting = this.pending.get(key);
    this.pending.set(key, waiting ? { value: this.merge(waiting.value, value), retry: waiting.retry } : { value, retry: false });
    this.arm();
  }

  /** Forgets when `key` was written: its next value is written with the next batch. */
  forget(key: K): void {
    this.written.delete(key);
  }

  /** Writes everything waiting (spacing aside); resolves once it is in the database or its failure is reported. */
  async flush(): Promise<void> {
    await this.run(true);
  }

  /** Stops the timer and writes what waits, trying a failed batch once more at once (server shutdown); never throws. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
    if (this.pending.size) await this.flush();
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run(false);
    }, this.options.flushMs);
    this.timer.unref?.();
  }

  private async run(all: boolean): Promise<void> {
    while (this.writing) await this.writing;
    if (this.pending.size === 0) return;
    const at = this.now();
    const spacing = all ? 0 : (this.options.spacingMs ?? 0);
    let batch: [K, Waiting<V>][];
    if (spacing > 0) {
      this.forgetWrittenBefore(at - spacing);
      batch = [];
      for (const entry of this.pending) if (!this.written.has(entry[0])) batch.push(entry);
      for (const [key] of batch) this.pending.delete(key);
    } else {
      batch = [...this.pending];
      this.pending = new Map();
    }
    // Keys held by their spacing wait for a later turn.
    if (this.pending.size) this.arm();
    if (!batch.length) return;
    this.writing = this.write(batch, at).finally(() => {
      this.writing = null;
    });
    await this.writing;
  }

  private async write(batch: [K, Waiting<V>][], at: number): Promise<void> {
    try {
      await this.options.write(batch.map(([key, waiting]) => [key, waiting.value]));
    } catch (error) {
      let dropped = 0;
      for (const [key, failed] of batch) {
        if (failed.retry) {
          dropped += 1;
          continue;
        }
        const newer = this.pending.get(key);
        this.pending.set(key, { value: newer ? this.merge(failed.value, newer.value) : failed.value, retry: true });
      }
      this.options.onError(error, dropped);
      if (this.pending.size) this.arm();
      return;
    }
    if (this.options.spacingMs) {
      for (const [key] of batch) {
        // Deleted first, so the map stays in the order of the writes (forgetWrittenBefore stops at the first young one).
        this.written.delete(key);
        this.written.set(key, at);
      }
    }
  }

  private forgetWrittenBefore(limit: number): void {
    for (const [key, at] of this.written) {
      if (at > limit) break;
      this.written.delete(key);
    }
  }
}
