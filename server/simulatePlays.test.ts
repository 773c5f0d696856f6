import { describe, expect, it } from 'vitest';
import { startPlayReporter, type ProgramItem } from './simulatePlays.ts';

const program: ProgramItem[] = [
  { event: 7, playlist: 3, starts_at: new Date(Date.now() - 60_000).toISOString(), ends_at: new Date(Date.now() + 3_600_000).toISOString(), media: [{ id: 1, duration: 10 }, { id: 2, duration: 5 }] },
];

async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('simulated proof of play', () => {
  it('plays the program in turn, buffers while the server is unreachable and sends every play once it answers', async () => {
    let reachable = false;
    const received: { id: string; media: number; event: number; playlist: number | null; duration: number }[] = [];
    const reporter = startPlayReporter({
      serial: 'SIM-1',
      program: () => program,
      speed: 200,
      reportMs: 30,
      post: async (_path, body) => {
        if (!reachable) throw new Error('ECONNREFUSED');
        received.push(...(body.plays as typeof received));
        return { status: 200, body: { accepted: (body.plays as unknown[]).length, duplicates: 0, refused: [] } };
      },
    });
    await until(() => reporter.played >= 6);
    await reporter.flush();
    expect(received).toEqual([]);
    expect(reporter.buffered).toBeGreaterThanOrEqual(6);
    reachable = true;
    await reporter.stop();
    expect(reporter.buffered).toBe(0);
    expect(received).toHaveLength(reporter.played);
    expect(new Set(received.map((play) => play.id)).size).toBe(received.length);
    expect(received.slice(0, 4).map((play) => [play.media, play.duration])).toEqual([[1, 10], [2, 5], [1, 10], [2, 5]]);
    expect(received[0]).toMatchObject({ event: 7, playlist: 3 });
  });

  it('keeps a batch the server refused with 5xx and sends it again', async () => {
    let calls = 0;
    const sent: number[] = [];
    const reporter = startPlayReporter({
      serial: 'SIM-2',
      program: () => program,
      speed: 200,
      reportMs: 1_000_000,
      post: async (_path, body) => {
        calls += 1;
        if (calls === 1) return { status: 503, body: {} };
        sent.push((body.plays as unknown[]).length);
        return { status: 200, body: { accepted: 0, duplicates: 0, refused: [] } };
      },
    });
    await until(() => reporter.played >= 2);
    await reporter.flush();
    expect(reporter.buffered).toBeGreaterThanOrEqual(2);
    await reporter.stop();
    expect(reporter.buffered).toBe(0);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(reporter.played);
  });
});
