import type { FastifyInstance } from 'fastify';
import writeXlsxFile from 'write-excel-file/node';
import { JournalQuery, JournalSheetQuery } from '../../src/services/schemas/journal.ts';
import type { AppContext } from '../context.ts';
import { analyzeJournal, journalRows, listJournal, type JournalFilter } from '../db/journal.ts';
import { JOURNAL_SHEET_MAX_ROWS, JOURNAL_SHEET_WIDTHS, journalSheet, journalSheetTitle, journalWords } from '../domain/journalSheet.ts';
import { pageOf, pageRequest } from '../domain/paging.ts';
import { badRequest, parse } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import { can, scopeOf, type Area } from '../domain/scope.ts';
import type { FastifyRequest } from 'fastify';

const ANALYZE_EVERY_MS = 10 * 60 * 1000;

/** A date alone is midnight UTC; anything the Date parser cannot place (2026-02-30) is a 400. */
function instant(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime()) || (value.length === 10 && date.toISOString().slice(0, 10) !== value)) {
    throw badRequest('validation_error', `${name} is not a valid date.`, { [name]: 'invalid_format' });
  }
  return date;
}

function journalFilter(query: JournalQuery): JournalFilter {
  const filter: JournalFilter = {};
  if (query.user !== undefined) filter.user = query.user;
  if (query.entity !== undefined) filter.entity = query.entity;
  if (query.action !== undefined) filter.action = query.action;
  const from = instant(query.from, 'from');
  const to = instant(query.to, 'to');
  if (from) filter.from = from;
  if (to) filter.to = to;
  if (from && to && from > to) throw badRequest('invalid_period', 'The period ends before it starts.', { to: 'before_from' });
  return filter;
}

/** Which area's permission lets a reader see a journaled entity of their companies. */
export const ENTITY_AREAS: Record<string, Area> = {
  device: 'devices',
  device_config: 'devices',
  device_navigation: 'devices',
  navigation_object: 'devices',
  navigation_marker: 'devices',
  media_file: 'media',
  playlist: 'playlists',
  playlist_track: 'playlists',
  campaign: 'campaigns',
  event: 'campaigns',
  company: 'company',
  department: 'company',
  office: 'company',
};

/**
 * The reader's scope: the administrator reads every entry; anyone else their own entries and the entries about
 * objects of their companies (each entry keeps its company, migration 0021), in the areas they may at least view.
 * Entries without a company (users, groups, sessions) are the administrator's and their writer's only.
 */
async function scoped(ctx: AppContext, request: FastifyRequest, filter: JournalFilter): Promise<JournalFilter> {
  const scope = await scopeOf(ctx, request);
  if (scope.companies === null) return filter;
  const hiddenEntities = Object.entries(ENTITY_AREAS).filter(([, area]) => !can(scope, area, 'view')).map(([entity]) => entity);
  return { ...filter, reader: { userId: scope.userId, companies: scope.companies, hiddenEntities } };
}

export default async function journalRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const { db } = ctx;
  app.addHook('preHandler', requireUser(ctx));

  let analyzeTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await analyzeJournal(db);
    analyzeTimer = setInterval(() => void analyzeJournal(db).catch((error: Error) => app.log.warn({ err: error }, 'ANALYZE journal failed')), ANALYZE_EVERY_MS);
    analyzeTimer.unref();
  });
  app.addHook('onClose', async () => clearInterval(analyzeTimer));

  app.get('/journal/', async (request) => {
    const paging = pageRequest(request.query as Record<string, unknown>);
    const filter = await scoped(ctx, request, journalFilter(parse(JournalQuery, request.query)));
    const { total, exact, hasNext, rows } = await listJournal(db, filter, paging.pageSize, paging.offset);
    // Past the count cap the count says "at least"; whether a next page exists comes from the page itself.
    const page = pageOf(request.url, paging, exact ? total : Number.MAX_SAFE_INTEGER, rows);
    return { count: total, count_exact: exact, next: hasNext ? page.next : null, previous: page.previous, results: rows };
  });

  app.get('/journal/xlsx/', async (request, reply) => {
    const query = parse(JournalSheetQuery, request.query);
    const filter = await scoped(ctx, request, journalFilter(query));
    const entries = await journalRows(db, filter, JOURNAL_SHEET_MAX_ROWS);
    const words = journalWords(ctx.config.localesDir, query.lang ?? 'en');
    const sheet = journalSheet(entries, words, query.tz ?? 'UTC');
    const buffer = await writeXlsxFile(sheet, { sheet: journalSheetTitle(words), columns: JOURNAL_SHEET_WIDTHS, stickyRowsCount: 1 }).toBuffer();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', 'attachment; filename="journal.xlsx"')
      .send(buffer);
  });
}
