import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { webhookConfig } from '../config.ts';
import { deviceShowsWebPage, freshWebPageCheck, storeWebPageCheck, type StoredWebPageCheck } from '../db/webPageChecks.ts';
import { fetchSource, framingRefusal } from '../domain/datasetSources.ts';
import { areaScope } from '../domain/scope.ts';
import { notFound, parse } from '../errors.ts';
import { WebPageCheckBody } from '../../src/services/schemas/widgets.ts';
import { requireUserOrPlayer } from '../media/access.ts';
import { requireUser } from '../plugins/auth.ts';

/** How long a stored check of a web page is answered to the screens before the server reads the page again: ms. */
export const WEB_PAGE_CHECK_FRESH_MS = 5 * 60_000;

/*
 * What the layout editor and the screens ask about a widget (issue 38). A web page that refuses to be framed
 * (X-Frame-Options DENY or SAMEORIGIN, a CSP frame-ancestors that does not allow any page) shows nothing on a screen,
 * and a browser does not say so (Chromium fires `load` on the blocked frame's error page): the editor warns, and the
 * player asks the server when it loads the page and shows its placeholder. The server reads the page, under the
 * webhooks' address rules, never the panel or the screens.
 */
export default async function widgetRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const check = async (url: string): Promise<{ frameable: boolean; reason: string | null }> => {
    const settings = webhookConfig(ctx.config);
    const fetched = await fetchSource(url, { allowPrivate: settings.allowPrivate, timeoutMs: settings.timeoutMs, headersOnly: true });
    if (!fetched.ok) return { frameable: false, reason: fetched.reason };
    const refusal = framingRefusal(fetched.headers);
    return { frameable: refusal === null, reason: refusal };
  };

  app.post('/widgets/web-page-check/', { preHandler: requireUser(ctx) }, async (request) => {
    await areaScope(ctx, request, 'playlists', 'edit');
    const { url } = parse(WebPageCheckBody, request.body);
    return { url, ...(await check(url.trim())) };
  });

  // The screens' check: stored in the database (every instance answers the same), read again once it is older than
  // WEB_PAGE_CHECK_FRESH_MS; the checks of one address this instance is making are shared by the screens asking.
  const checking = new Map<string, Promise<StoredWebPageCheck>>();
  app.get('/player/web-page-check/', { preHandler: requireUserOrPlayer(ctx) }, async (request) => {
    const { url } = parse(WebPageCheckBody, request.query);
    if (request.playerDevice === undefined) await areaScope(ctx, request, 'playlists', 'view');
    else if (!(await deviceShowsWebPage(ctx.db, request.playerDevice, url))) throw notFound('Web page');
    const stored = await freshWebPageCheck(ctx.db, url, WEB_PAGE_CHECK_FRESH_MS);
    if (stored) return stored;
    let pending = checking.get(url);
    if (!pending) {
      pending = check(url.trim())
        .then((result) => storeWebPageCheck(ctx.db, url, result.frameable, result.reason))
        .finally(() => checking.delete(url));
      checking.set(url, pending);
    }
    return pending;
  });
}
