import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { checkWebhookUrl, RefusedAddress, safeLookup } from './addresses.ts';
import type { Attempt } from './store.ts';

/** The longest excerpt of a receiver's answer kept with an attempt. */
export const ANSWER_EXCERPT = 512;

/**
 * The signature header's value: HMAC-SHA256 with the endpoint's secret over `${timestamp}.${body}`, hex, prefixed
 * `sha256=`. A receiver recomputes it and refuses a timestamp far from its own clock (replays).
 */
export function signature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The JSON body of an event: the same `id` at every attempt and for every endpoint. */
export function eventBody(type: string, company: number | null, data: Record<string, unknown>, id = randomUUID()): { id: string; body: string } {
  return { id, body: JSON.stringify({ id, type, created_at: new Date().toISOString(), company, data }) };
}

/**
 * One attempt: POSTs the body with its signature to the URL, checked again now (a private address is refused, whether
 * the URL names it or its name resolves to it at this moment). Never throws: the outcome is the attempt's record.
 *
 * `timeoutMs` bounds the whole attempt, from the name's lookup to the answer's last byte (issue 35.14): a receiver that
 * keeps the connection busy with a byte now and then is cut at the deadline like a silent one, and its connection closed.
 */
export async function sendOnce(
  target: { url: string; secret: string; eventId: string; event: string; body: string },
  options: { allowPrivate: boolean; timeoutMs: number },
): Promise<Attempt> {
  const started = Date.now();
  const at = new Date(started).toISOString();
  const done = (status: number | null, answer: string, error: string | null): Attempt => ({ at, status, answer: answer.slice(0, ANSWER_EXCERPT), error, ms: Date.now() - started });
  let request: http.ClientRequest | undefined;
  let settled = false;
  let finish!: (attempt: Attempt) => void;
  const outcome = new Promise<Attempt>((resolve) => {
    finish = (attempt) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(attempt);
    };
  });
  const deadline = setTimeout(() => {
    finish(done(null, '', 'timeout'));
    request?.destroy();
  }, options.timeoutMs);
  void (async () => {
    let url: URL;
    try {
      url = await checkWebhookUrl(target.url, options.allowPrivate);
    } catch (error) {
      return finish(done(null, '', error instanceof RefusedAddress ? error.reason : 'invalid_url'));
    }
    if (settled) return;
    const timestamp = Math.floor(started / 1000);
    const transport = url.protocol === 'https:' ? https : http;
    request = transport.request(
      url,
      {
        method: 'POST',
        lookup: safeLookup(options.allowPrivate) as never,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(target.body),
          'user-agent': 'Vitrine-Webhooks/1',
          'x-vitrine-event': target.event,
          'x-vitrine-event-id': target.eventId,
          'x-vitrine-timestamp': String(timestamp),
          'x-vitrine-signature': signature(target.secret, timestamp, target.body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < ANSWER_EXCERPT * 4) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => finish(done(response.statusCode ?? null, Buffer.concat(chunks).toString('utf8'), null)));
        response.on('error', () => finish(done(response.statusCode ?? null, Buffer.concat(chunks).toString('utf8'), null)));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      finish(done(null, '', error.code === 'EPRIVATEADDRESS' ? 'private_address' : error.code === 'ECONNREFUSED' ? 'connection_refused' : (error.code ?? 'network_error').toLowerCase()));
    });
    request.end(target.body);
  })();
  return outcome;
}
