import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERGED_COMPANIES } from '../../server/db/journal.ts';
import { record } from '../../server/domain/journal.ts';
import { signIn, startTestServer, type TestServer } from '../helpers/server.ts';

/*
 * A scoped reader's journal is read by one ordered walk per company of theirs plus one of their own entries elsewhere,
 * merged (server/db/journal.ts, scopedPick). Whatever the filter and the page, what they see must be exactly the
 * administrator's entries for the same filter kept to the rule of the scope: their own entries, and the entries of
 * their companies in the areas they may view. Entries without a company are the administrator's and their writer's.
 */

let server: TestServer;
let admin: Awaited<ReturnType<typeof signIn>>;

type Entry = { id: number; user: number | null; entity: string; entity_id: string | null; action: string; created_at: string };
type Page = { count: number; count_exact: boolean; next: string | null; previous: string | null; results: Entry[] };

interface Reader {
  id: number;
  client: Awaited<ReturnType<typeof signIn>>['client'];
  companies: number[];
  hidden: string[];
}

let companies: number[] = [];
let few: Reader;
let many: Reader;
let other: number;
const companyOf = new Map<number, number | null>();

async function reader(name: string, scope: number[], permissions: Record<string, string>, hidden: string[]): Promise<Reader> {
  const group = await admin.client.post('/groups/create/', { name: `${name} group`, companies: scope, permissions });
  expect(group.status, JSON.stringify(group.body)).toBe(201);
  const created = await admin.client.post('/users/', { username: name, password: 'password-123', user: 1, groups: [group.body.id] });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const { client } = await signIn(server, name, 'password-123');
  return { id: created.body.id as number, client, companies: scope, hidden };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
  for (let i = 0; i < MERGED_COMPANIES + 4; i += 1) {
    const created = await admin.client.post('/companies/create/', { name: `Journal scope company ${i}`, user: 1 });
    expect(created.status).toBe(201);
    companies.push(created.body.id as number);
  }
  // Two companies, no playlists and no company area: a merged walk per company.
  few = await reader('journal-scope-few', companies.slice(0, 2), { devices: 'view', media: 'edit', campaigns: 'view', playlists: 'none', company: 'none' }, [
    'playlist', 'playlist_track', 'company', 'department', 'office',
  ]);
  // More companies than are merged: the lateral walk.
  many = await reader('journal-scope-many', companies.slice(1, MERGED_COMPANIES + 3), { devices: 'view', media: 'view', playlists: 'view', campaigns: 'view', company: 'none' }, [
    'company', 'department', 'office',
  ]);
  const writer = await admin.client.post('/users/', { username: 'journal-scope-writer', password: 'password-123', user: 1 });
  other = writer.body.id as number;

  // 3,000 entries: users (the administrator, each reader, another writer), companies (each of the readers', one of
  // nobody's, none), entities (seen, hidden, without a company) and actions mixed, three to a second so the order
  // also rests on the id.
  const users = `{1,${few.id},${many.id},${other},1,${other}}`;
  const owners = `{${companies.join(',')}}`;
  const entities = '{device,media_file,playlist,company,office,session,user,campaign,device_config}';
  await server.ctx.db.execute(sql`
    INSERT INTO journal (user_id, action, entity, entity_id, created_at, company_id)
    SELECT (${users}::int[])[1 + (g * 7919) % 6],
           (ARRAY['update', 'create', 'delete', 'login'])[1 + (g * 104729) % 4],
           (${entities}::text[])[1 + (g * 15485863) % 9],
           (g % 50)::text,
           timestamptz '2026-06-01T00:00:00Z' - make_interval(secs => g / 3),
           CASE WHEN (g * 131) % 7 = 0 THEN NULL ELSE (${owners}::int[])[1 + (g * 31) % ${companies.length}::int] END
    FROM generate_series(1::bigint, 3000::bigint) g`);
  const stored = (await server.ctx.db.execute(sql`SELECT id, company_id FROM journal`)) as unknown as { rows: { id: number; company_id: number | null }[] };
  for (const row of stored.rows) companyOf.set(Number(row.id), row.company_id === null ? null : Number(row.company_id));
});
afterAll(async () => {
  await server?.close();
});

async function page(client: Reader['client'], query: string): Promise<Page> {
  const response = await client.get(`/journal/?${query}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Page;
}

/** Every entry a filter matches, following `next` from the first page. */
async function everything(client: Reader['client'], filter: string, pageSize: number): Promise<Entry[]> {
  const entries: Entry[] = [];
  let query: string | null = `${filter}${filter ? '&' : ''}page_size=${pageSize}`;
  while (query) {
    const body = await page(client, query);
    entries.push(...body.results);
    query = body.next ? body.next.slice(body.next.indexOf('?') + 1) : null;
  }
  return entries;
}

const visibleTo = (reader: Reader) => (entry: Entry) => {
  const company = companyOf.get(entry.id);
  if (company === undefined) throw new Error(`entry ${entry.id} was written after the test read the companies`);
  return entry.user === reader.id || (company !== null && reader.companies.includes(company) && !reader.hidden.includes(entry.entity));
};

const FILTERS = [
  '',
  'user=1',
  'entity=device',
  'entity=playlist',
  'entity=company',
  'entity=session',
  'action=update',
  'entity=media_file&action=delete',
  'user=1&entity=device',
  'from=2026-05-31T23:40:00Z&to=2026-05-31T23:50:00Z',
  'entity=device&from=2026-05-31T23:30:00Z',
  'action=login&to=2026-05-31T23:45:00Z',
];

describe("a scoped reader's journal", () => {
  for (const which of ['few', 'many'] as const) {
    it(`equals the administrator's entries kept to the scope, for every filter and page (${which === 'few' ? 'two companies, merged walks' : 'more companies than are merged, lateral walks'})`, async () => {
      const subject = which === 'few' ? few : many;
      // Their own entries, whatever their company: all of them.
      const own = await everything(subject.client, `user=${subject.id}`, 500);
      expect(own.map((entry) => entry.id)).toEqual((await everything(admin.client, `user=${subject.id}`, 500)).map((entry) => entry.id));
      expect(own.length).toBeGreaterThan(100);
      for (const filter of [...FILTERS, `user=${subject.id}&entity=office`, `user=${other}`]) {
        const expected = (await everything(admin.client, filter, 500)).filter(visibleTo(subject)).map((entry) => entry.id);
        // The whole filter in large pages, then the first pages and a deep one in small pages (the merged walks' depth).
        const seen = await everything(subject.client, filter, 97);
        expect(seen.map((entry) => entry.id), filter).toEqual(expected);
        const first = await page(subject.client, `${filter}&page_size=6`);
        expect([first.count, first.count_exact], filter).toEqual([expected.length, true]);
        expect(first.results.map((entry) => entry.id), filter).toEqual(expected.slice(0, 6));
        for (const number of [2, 3, Math.max(1, Math.ceil(expected.length / 6) - 1), Math.ceil(expected.length / 6) + 1]) {
          const deep = await page(subject.client, `${filter}&page_size=6&page=${number}`);
          expect(deep.results.map((entry) => entry.id), `${filter} page ${number}`).toEqual(expected.slice((number - 1) * 6, number * 6));
          expect(deep.next === null, `${filter} page ${number}`).toBe(number * 6 >= expected.length);
        }
      }
    });
  }

  it('leaves out every entry of other companies and every entry without a company but their own', async () => {
    for (const subject of [few, many]) {
      const seen = await everything(subject.client, '', 500);
      expect(seen.length).toBeGreaterThan(0);
      for (const entry of seen) {
        const company = companyOf.get(entry.id) ?? null;
        if (entry.user === subject.id) continue;
        expect(company !== null && subject.companies.includes(company), `entry ${entry.id} of company ${company}`).toBe(true);
        expect(subject.hidden).not.toContain(entry.entity);
      }
      // Some of what they see is their own writing outside their companies (another company's, or none).
      expect(seen.some((entry) => entry.user === subject.id && !subject.companies.includes(companyOf.get(entry.id) ?? -1))).toBe(true);
    }
  });

  // Last: it writes entries the others' expectations do not know.
  it('shows their own entries outside their companies written after the filter was counted', async () => {
    const filter = 'entity=journal_scope_later';
    const nobodys = companies.at(-1)!;
    // An entry of their company, and none of their own elsewhere, when the filter is counted.
    await record(server.ctx.db, { userId: 1, action: 'update', entity: 'journal_scope_later', entityId: 'a', company: few.companies[0]! });
    expect((await page(few.client, filter)).results.map((entry) => entry.entity_id)).toEqual(['a']);
    await record(server.ctx.db, { userId: few.id, action: 'update', entity: 'journal_scope_later', entityId: 'b', company: null });
    await record(server.ctx.db, { userId: few.id, action: 'update', entity: 'journal_scope_later', entityId: 'c', company: nobodys });
    await record(server.ctx.db, { userId: 1, action: 'update', entity: 'journal_scope_later', entityId: 'd', company: nobodys });
    const after = await page(few.client, filter);
    expect([after.count, after.results.map((entry) => entry.entity_id)]).toEqual([3, ['c', 'b', 'a']]);
    expect((await page(admin.client, filter)).count).toBe(4);
  });
});
