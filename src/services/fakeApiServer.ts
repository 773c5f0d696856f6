import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake API saw it. */
export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

export type FakeReply = { status: number; body?: unknown } | 'hang';
export type FakeHandler = (request: SeenRequest) => FakeReply | Promise<FakeReply>;

export interface FakeApi {
  /** API base URL (`http://127.0.0.1:<port>/api/v1`). */
  base: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/**
 * A real HTTP server on a random loopback port for the SPA service tests (test support, never bundled).
 * CORS preflights (happy-dom's fetch sends them) are answered and not recorded.
 */
export async function startFakeApi(handler: FakeHandler): Promise<FakeApi> {
  const requests: SeenRequest[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
        'access-control-allow-headers': 'authorization, content-type, accept',
      });
      response.end();
      return;
    }
    const seen: SeenRequest = {
      method: request.method ?? 'GET',
      path: (request.url ?? '/').replace(/^\/api\/v1/, ''),
      authorization: request.headers.authorization,
      body: await readBody(request),
    };
    requests.push(seen);
    const reply = await handler(seen);
    if (reply === 'hang') {
      hanging.add(response);
      return;
    }
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    response.writeHead(reply.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'access-control-allow-origin': '*' });
    response.end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/api/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
