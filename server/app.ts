import fs from 'node:fs';
import { requestContext } from './requestContext.ts';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { AppContext } from './context.ts';
import { ApiError } from './errors.ts';
import { checkRequestStrings, guardJsonBodies } from './plugins/input.ts';
import { guardMultipartBodies } from './plugins/multipartGuard.ts';
import { apiRoutes } from './routes/index.ts';
import { apiDocument } from './routes/openapi.ts';
import { helmetHeaders } from './securityHeaders.ts';

export const API_PREFIX = '/api/v1';
/** The one inline <style> element Swagger UI (the /api/docs reference page) writes, allowed by its hash on that page only. */
export const SWAGGER_UI_STYLE_HASH = 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w=';
const HASHED_ASSET = /\.[0-9a-f]{8,}\.(?:js|css|png|jpe?g|svg|webp|woff2?)(?:\.br|\.gz)?$/;
/**
 * A path whose last segment ends in a file extension names a file, never a page of the app. An extension starts with a
 * letter, so an address such as /media/1.5 (a mistyped id) is still a page, which says "Page not found".
 */
const FILE_EXTENSION = /\.[A-Za-z][A-Za-z0-9]{0,7}$/;

/** Content-Security-Policy the SPA runs under (checked by the browser tests). */
export function contentSecurityPolicy(): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Griffel (Fluent UI) and FluentProvider create empty <style> elements and fill them through CSSOM
    // insertRule, which CSP allows; only the empty element itself needs allowing, by the hash of "".
    styleSrc: ["'self'", "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    mediaSrc: ["'self'", 'blob:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // The web player's web page widgets, and the layout editor's previews of them (the player's own renderer), frame
    // any http(s) address a layout names, in a sandboxed iframe; nothing may frame the panel or the player.
    frameSrc: ["'self'", 'https:', 'http:'],
    frameAncestors: ["'none'"],
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route answers machines, never a browser (the player protocol): it gets no browser security headers
     * (Content-Security-Policy, frame and cross-origin policies), only nosniff.
     */
    machineClients?: boolean;
  }
  interface FastifyInstance {
    /** "METHOD /path" of every API route, relative to /api/v1 (docs/api.md is kept in step with it by a test). */
    routeTable: string[];
  }
}

/** The request whose body a socket's idle timer holds (see holdBodiesToIdleTimeout). */
const heldBody = Symbol('heldBody');
/** The app's idle listener, once it is on the socket. */
const idleListener = Symbol('idleListener');
type HoldingSocket = Socket & { [heldBody]?: IncomingMessage; [idleListener]?: () => void };

/**
 * A request with a body must keep it coming: while the body arrives, a pause longer than `idleMs` closes the connection
 * (the handler reading it sees the close and lets go: a multipart upload removes its files). The socket's idle timer is
 * set when the request starts and cleared once the body has ended; it never fires for a body that has arrived whole or
 * whose bytes wait for the server to read them (a busy server is not the client's pause), so a long computation, a
 * queue before the handler or a slow download is not cut.
 *
 * Every request with a body passes here, a player's heartbeat too: the hook takes a callback (an async one costs a
 * promise and a turn of the microtask queue per request) and its listeners are made once per app, the idle one put on
 * a socket once, which finds the request it holds on the socket. Closures made per request cost about 2 µs of a
 * heartbeat (tsx names each one as it is made).
 */
function holdBodiesToIdleTimeout(app: FastifyInstance, idleMs: number): void {
  if (!idleMs) return;
  function idle(this: HoldingSocket) {
    const raw = this[heldBody];
    // The socket's timer fired for something else (the server's keep-alive timeout): not ours.
    if (!raw) return;
    // All of it arrived, or bytes wait for the server to read them: the server is the slow one, not the client.
    if (raw.complete) return void release.call(raw);
    if (raw.readableLength > 0) return void this.setTimeout(idleMs);
    this.destroy();
  }
  function release(this: IncomingMessage) {
    const socket = this.socket as HoldingSocket | null;
    if (!socket || socket[heldBody] !== this) return;
    socket[heldBody] = undefined;
    socket.setTimeout(0);
  }
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    const declared = raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;
    if (!declared || raw.readableEnded) return done();
    const socket = raw.socket as HoldingSocket | null;
    // An injected request (light-my-request: the fuzzer, in-process checks) has no real socket to time.
    if (typeof socket?.setTimeout !== 'function') return done();
    if (socket[idleListener] !== idle) {
      socket.on('timeout', idle);
      socket[idleListener] = idle;
    }
    socket[heldBody] = raw;
    socket.setTimeout(idleMs);
    raw.on('end', release);
    raw.on('close', release);
    done();
  });
}

export async function buildApp(ctx: AppContext, options: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy() },
    crossOriginEmbedderPolicy: false,
  });
  const app = Fastify({
    logger: options.logger ?? { level: ctx.config.logLevel },
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
    // No request holds a handler indefinitely: the whole request must arrive within REQUEST_TIMEOUT_MS (Node answers
    // 408 and closes), and a body may not pause longer than BODY_IDLE_TIMEOUT_MS (see holdBodiesToIdleTimeout).
    requestTimeout: ctx.config.requestTimeoutMs ?? 900_000,
    trustProxy: process.env.TRUST_PROXY === '1',
    // A URL Fastify cannot decode (/%c0%ae) never reaches the hooks: answer it in the API's error shape, with the headers.
    frameworkErrors: (error, _request, reply) => {
      reply.headers(securityHeaders);
      const status = (error as FastifyError).statusCode ?? 400;
      (reply as FastifyReply).code(status >= 400 && status < 500 ? status : 400).send({ detail: 'The request URL is malformed.', code: 'bad_request' });
    },
  });
  guardJsonBodies(app);
  holdBodiesToIdleTimeout(app, ctx.config.bodyIdleTimeoutMs ?? 30_000);
  guardMultipartBodies(app);
  app.decorateRequest('user', null);
  // Each request runs in a context of its own (server/requestContext.ts): what authenticated it reaches the journal.
  app.addHook('onRequest', (_request, _reply, done) => requestContext.run({}, done));
  const routeTable: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== 'HEAD' && route.url.startsWith(API_PREFIX)) routeTable.push(`${method} ${route.url.slice(API_PREFIX.length)}`);
    }
  });
  app.decorate('routeTable', routeTable);

  app.addHook('onRequest', (request, reply, done) => {
    // Routes only machines call (the player protocol) skip the browser's protections; see RouteConfig.machineClients.
    if (request.routeOptions.config.machineClients) reply.header('x-content-type-options', 'nosniff');
    else reply.headers(securityHeaders);
    try {
      checkRequestStrings(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });
  await app.register(compress, { global: true, threshold: 1024 });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.code(error.statusCode).send({ detail: error.message, code: error.code, ...(error.fields ? { fields: error.fields } : {}) });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = status === 413 ? 'too_large' : status === 415 ? 'unsupported_media_type' : status === 429 ? 'rate_limited' : 'bad_request';
      // Fastify's own messages describe the request; anything else may describe the server, and stays in the log.
      const own = typeof (error as FastifyError).code === 'string' && (error as FastifyError).code.startsWith('FST_');
      return reply.code(status).send({ detail: own ? error.message : 'The request could not be read.', code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error.', code: 'server_error' });
  });

  await app.register(
    async (api) => {
      for (const routes of apiRoutes) await api.register(routes, { ctx });
      api.setNotFoundHandler((request, reply) =>
        reply.code(404).send({ detail: `No route ${request.method} ${request.url}.`, code: 'not_found' }),
      );
    },
    { prefix: API_PREFIX },
  );

  // The API reference page: Swagger UI from node_modules (no CDN), under the app's own security headers, showing the
  // document GET /api/v1/openapi.json serves (server/openapi).
  await app.register(fastifySwagger, { mode: 'static', specification: { document: apiDocument() as never } });
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { deepLinking: true },
    theme: { title: 'Vitrine API' },
    logLevel: 'warn',
    // Swagger UI fills one <style> element of its own: the page's CSP allows exactly that element, by its hash.
    transformStaticCSP: (header) => header.replace("style-src 'self'", `style-src 'self' '${SWAGGER_UI_STYLE_HASH}'`),
  });

  if (fs.existsSync(ctx.config.localesDir)) {
    await app.register(fastifyStatic, {
      root: ctx.config.localesDir,
      prefix: '/locales/',
      decorateReply: false,
      cacheControl: true,
      maxAge: '5m',
    });
  }

  const indexFile = path.join(ctx.config.staticDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: ctx.config.staticDir,
      prefix: '/',
      preCompressed: true,
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        res.header('Cache-Control', HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  if (hasSpa) {
    // Any GET of / is the app, whatever the client accepts (curl, a load balancer); the app sends the user on to the
    // last visited page or /devices. Load balancers probe GET /api/v1/health/ instead.
    app.get('/', (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile)));
  }

  // The web player (player/index.html, its own bundle under dist/player/): /player/ and any page below it.
  const playerIndex = path.join(ctx.config.staticDir, 'player', 'index.html');
  const hasPlayer = fs.existsSync(playerIndex);
  const sendPlayer = (reply: FastifyReply) => reply.headers(securityHeaders).header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(playerIndex));
  if (hasPlayer) app.get('/player/', (_request, reply) => sendPlayer(reply));

  app.setNotFoundHandler((request, reply) => {
    // Every GET outside the API is a page of the app, whatever the client accepts (curl, health probes, link
    // checkers), except a path whose last segment has a file extension: that is a missing asset (an old bundle, a
    // translation), and answering it with the shell would hide the 404 from the browser and from caches.
    const pathname = request.url.split(/[?#]/, 1)[0]!;
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      pathname !== API_PREFIX &&
      !pathname.startsWith(`${API_PREFIX}/`) &&
      !FILE_EXTENSION.test(pathname);
    if (hasPlayer && isPage && /^\/player(?:\/|$)/.test(pathname)) return sendPlayer(reply);
    if (hasSpa && isPage) {
      // History fallback: every client-side route answers the SPA shell.
      return reply.header('Cache-Control', 'no-cache').type('text/html').send(fs.createReadStream(indexFile));
    }
    return reply.code(404).send({ detail: `No route ${request.method} ${request.url}.`, code: 'not_found' });
  });

  return app;
}
