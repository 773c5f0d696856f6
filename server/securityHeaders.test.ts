// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './securityHeaders.ts';

const options = {
  contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
  crossOriginEmbedderPolicy: false,
};

/** The headers helmet's own middleware puts on a real HTTP response. */
async function headersFromMiddleware(): Promise<Record<string, string>> {
  const middleware = helmet(options);
  const server = http.createServer((request, response) => middleware(request, response, () => response.end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) headers[name] = value;
    });
    return headers;
  } finally {
    server.close();
  }
}

describe('helmetHeaders', () => {
  it('computes once exactly the headers helmet sets on every response', async () => {
    const computed = helmetHeaders(options);
    expect(computed['content-security-policy']).toBe("default-src 'self';frame-ancestors 'none'");
    expect(computed).toEqual(await headersFromMiddleware());
  });
});
