/**
 * Runs `run` over batches of the items that arrive together or while a batch is in the database: one statement then
 * serves many requests (a lone item waits one turn of the event loop, never a timer). Items of one key go in different
 * batches. Nothing outlives the request: each caller awaits its own answer.
 */
export function batcher<T, R>(run: (items: T[]) => Promise<R[]>, keyOf: (item: T) => string, maxBatch: number): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (answer: R) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let busy = false;

  async function runBatch(batch: Waiting[]) {
    try {
      const answers = await run(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(answers[i]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      // One bad item must not fail the others: retry them one by one.
      else for (const waiting of batch) await runBatch([waiting]);
    }
  }

  async function flush() {
    if (busy || queue.length === 0) return;
    busy = true;
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const keys = new Set<string>();
    for (const waiting of queue) {
      const key = keyOf(waiting.item);
      if (batch.length < maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else later.push(waiting);
    }
    queue = later;
    try {
      await runBatch(batch);
    } finally {
      busy = false;
      if (queue.length) schedule();
    }
  }

  let scheduled = false;
  // Start a batch on the next turn of the event loop, after every request read in this one has queued:
  // embedded PGlite runs each statement synchronously, so without this each batch would hold one item.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  };

  return (item) =>
    new Promise((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
