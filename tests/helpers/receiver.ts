import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
  /** When the connection of this request closed (the answer ended, or the sender cut it). */
  closedAt?: number;
}

/** How long a dripping answer lasts at most when the sender never cuts it. */
const DRIP_FOR_MS = 10_000;

/**
 * A real HTTP receiver for webhook tests on a free loopback port. `answers[path]` is a queue of statuses answered in
 * turn (then 200); `drips[path]` = n makes a path a slow receiver: 200 and then one byte every n ms, for up to 10 s,
 * never idle long enough for a connection timeout. Every request is kept, in order, with when its connection closed,
 * and `waitFor` resolves when a predicate over them holds.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number[]>();
  const drips = new Map<string, number>();
  const waiters = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of waiters) wake();
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const entry: Received = { path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(entry);
      response.on('close', () => {
        entry.closedAt = Date.now();
        wakeAll();
      });
      const every = drips.get(path);
      if (every) {
        response.writeHead(200, { 'content-type': 'text/plain' });
        const drip = setInterval(() => response.write('.'), every);
        const stop = setTimeout(() => response.end(), DRIP_FOR_MS);
        response.on('close', () => {
          clearInterval(drip);
          clearTimeout(stop);
        });
      } else {
        const status = answers.get(path)?.shift() ?? 200;
        response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? `ok ${path}` : `nope ${status}`);
      }
      wakeAll();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    drips,
    on: (path: string) => received.filter((entry) => entry.path === path),
    /** Resolves once `check()` holds after a request arrived (or at once); rejects after `ms`. */
    waitFor(check: () => boolean, ms = 30_000): Promise<void> {
      if (check()) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`receiver: condition not met within ${ms} ms (${received.length} requests: ${received.map((entry) => entry.path).join(', ')})`));
        }, ms);
        const wake = () => {
          if (!check()) return;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve();
        };
        waiters.add(wake);
      });
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
