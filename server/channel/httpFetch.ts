import http from 'node:http';
import { Readable } from 'node:stream';

/**
 * A GET through node:http on a connection of its own, shaped as fetch for connectChannel: Node's fetch (undici) opens
 * a spare connection beside a long-lived stream and keeps it after an abort, and an HTTP server's close waits for such
 * an unused connection until its headers timeout (60 s). Simulated players and benches hold thousands of channels.
 */
export function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const request = http.request(url, { method: 'GET', headers, agent: false }, (response) => {
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
      resolve(new Response(Readable.toWeb(response) as ReadableStream<Uint8Array>, { status: response.statusCode ?? 500, headers: responseHeaders }));
    });
    const abort = () => request.destroy(new Error('aborted'));
    if (init.signal?.aborted) abort();
    init.signal?.addEventListener('abort', abort, { once: true });
    request.on('error', reject);
    request.end();
  });
}
