import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { webhookConfig } from '../config.ts';
import { fetchSource, framingRefusal } from '../domain/datasetSources.ts';
import { areaScope } from '../domain/scope.ts';
import { parse } from '../errors.ts';
import { WebPageCheckBody } from '../../src/services/schemas/widgets.ts';
import { requireUser } from '../plugins/auth.ts';


/*
 * What the layout editor asks about a widget before an operator commits it (issue 38). A web page that refuses to be
 * framed (X-Frame-Options DENY or SAMEORIGIN, a CSP frame-ancestors that does not allow any page) shows nothing on a
 * screen: the editor warns, the player shows its placeholder. The server reads the page, under the webhooks' address
 * rules, never the panel.
 */
export default async function widgetRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  app.post('/widgets/web-page-check/', { preHandler: requireUser(ctx) }, async (request) => {
    await areaScope(ctx, request, 'playlists', 'edit');
    const { url } = parse(WebPageCheckBody, request.body);
    const settings = webhookConfig(ctx.config);
    const fetched = await fetchSource(url.trim(), { allowPrivate: settings.allowPrivate, timeoutMs: settings.timeoutMs, headersOnly: true });
    if (!fetched.ok) return { url, frameable: false, reason: fetched.reason };
    const refusal = framingRefusal(fetched.headers);
    return { url, frameable: refusal === null, reason: refusal };
  });
}
