/*
 * Proof of play for simulated players (issue 17): a player plays what its compiled schedule says (GET
 * /scheduler/dev2/{id}: items with `starts_at`, `ends_at` and the media in play order), records each showing when it
 * ends, and reports them with POST /player/plays/ in batches. While the server cannot be reached (or answers 5xx) the
 * plays wait in a buffer and go out with the next report; nothing is invented and nothing reported is lost, and a
 * batch whose answer was lost is simply sent again (the server counts a play once per device and id).
 */

/** What the player shows: one schedule occurrence (the dev2 item's fields the simulator needs). */
export interface ProgramItem {
  event: number;
  playlist?: number | null;
  starts_at: string;
  ends_at: string;
  media: { id: number; duration: number }[];
  /** Set on an emergency override's item: shown, but no proof of play is recorded for it. */
  override?: number;
}

export interface PlayReporterOptions {
  serial: string;
  /** Sends a body to a player route and answers the status (throws when the server cannot be reached). */
  post(path: string, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }>;
  /** The items the player should show now (the schedule it holds). */
  program(): Promise<ProgramItem[]> | ProgramItem[];
  /** How often buffered plays are sent. */
  reportMs?: number;
  /** Seconds of a showing per real second (a fast simulation shows a 10 s clip in 1 s at 10). */
  speed?: number;
  /** Plays kept while the server is unreachable; past this the oldest are dropped (and counted). */
  maxBuffer?: number;
  log?: (line: string) => void;
}

export interface PlayReporter {
  /** Plays made so far. */
  readonly played: number;
  /** Plays the server has accounted for (accepted, duplicate or refused). */
  readonly reported: number;
  /** Plays waiting to be sent. */
  readonly buffered: number;
  /** Sends what waits now; resolves when the answer came (or the attempt failed). */
  flush(): Promise<void>;
  stop(): Promise<void>;
}

const BATCH = 500;

export function startPlayReporter(options: PlayReporterOptions): PlayReporter {
  const speed = options.speed ?? 1;
  const maxBuffer = options.maxBuffer ?? 100_000;
  const log = options.log ?? (() => undefined);
  const buffer: Record<string, unknown>[] = [];
  let played = 0;
  let reported = 0;
  let dropped = 0;
  let stopped = false;
  let showing: NodeJS.Timeout | null = null;
  let sending: Promise<void> | null = null;
  // Player-generated ids: the serial, this run's start and a counter are unique per device.
  const run = Date.now().toString(36);
  let counter = 0;
  let turn = 0;

  function record(item: ProgramItem, media: { id: number; duration: number }, started: number, seconds: number) {
    if (item.override !== undefined) return;
    counter += 1;
    played += 1;
    buffer.push({ id: `${run}-${counter}`, event: item.event, media: media.id, playlist: item.playlist ?? null, started_at: new Date(started).toISOString(), duration: seconds });
    if (buffer.length > maxBuffer) {
      dropped += buffer.length - maxBuffer;
      buffer.splice(0, buffer.length - maxBuffer);
      log(`${options.serial}: play buffer full, ${dropped} oldest play(s) dropped`);
    }
  }

  async function showNext(): Promise<void> {
    if (stopped) return;
    const now = Date.now();
    let items: ProgramItem[] = [];
    try {
      items = await options.program();
    } catch (error) {
      log(`${options.serial}: no schedule (${(error as Error).message})`);
    }
    const current = items.find((item) => Date.parse(item.starts_at) <= now && now < Date.parse(item.ends_at) && item.media.length > 0);
    if (!current) {
      showing = setTimeout(() => void showNext(), 1000 / speed);
      return;
    }
    const media = current.media[turn % current.media.length]!;
    turn += 1;
    const seconds = Math.max(1, Math.min(media.duration, (Date.parse(current.ends_at) - now) / 1000));
    showing = setTimeout(() => {
      record(current, media, now, seconds);
      void showNext();
    }, (seconds * 1000) / speed);
  }

  async function send(): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer.slice(0, BATCH);
      let answer: { status: number; body: Record<string, unknown> };
      try {
        answer = await options.post('/player/plays/', { plays: batch });
      } catch {
        return; // unreachable: keep the batch for the next report
      }
      if (answer.status !== 200) {
        if (answer.status >= 500 || answer.status === 429) return;
        log(`${options.serial}: plays answered ${answer.status}; ${batch.length} play(s) kept`);
        return;
      }
      // The answer accounts for every play of the batch (accepted, duplicate or refused): drop them from the buffer.
      buffer.splice(0, batch.length);
      reported += batch.length;
      const refused = (answer.body.refused as unknown[] | undefined)?.length ?? 0;
      if (refused) log(`${options.serial}: ${refused} play(s) refused`);
    }
  }

  const flush = () => {
    sending ??= send().finally(() => {
      sending = null;
    });
    return sending;
  };
  const reporting = setInterval(() => void flush(), options.reportMs ?? 5000);
  void showNext();

  return {
    get played() {
      return played;
    },
    get reported() {
      return reported;
    },
    get buffered() {
      return buffer.length;
    },
    flush,
    async stop() {
      stopped = true;
      clearInterval(reporting);
      if (showing) clearTimeout(showing);
      await flush();
    },
  };
}
