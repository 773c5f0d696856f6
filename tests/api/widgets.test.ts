import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DATASET_FILE_BYTES } from '../../src/services/schemas/datasets.ts';
import { apiClient, signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { createCompanyAndOffice, createDevice } from './devices.helpers.ts';

/*
 * Widgets in layout zones (issue 38), the server half: datasets (the data table widget's rows), uploaded from
 * spreadsheets or edited as rows. One server for the file; two companies with a media editor each, and a viewer.
 */

type Client = ReturnType<typeof apiClient>;
let server: TestServer;
let admin: Client;
let a: Client;
let b: Client;
let viewer: Client;
/** What the local source server answers, by path (a function: a status, headers and body; or null: never answers). */
const served = new Map<string, () => { status?: number; headers?: Record<string, string>; body?: string | Buffer } | null>();
let sources: http.Server;
let sourceBase = '';
const ids = {} as Record<'companyA' | 'companyB' | 'officeA' | 'officeB', number>;
const fixture = (name: string) => path.resolve(import.meta.dirname, '../fixtures', name);

async function userIn(name: string, groups: number[]): Promise<Client> {
  const created = await admin.post('/users/', { username: name, password: `${name}-pass-1`, user: 1, groups });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return (await signIn(server, name, `${name}-pass-1`)).client;
}

/** A multipart body with the spreadsheet in part `file` (bytes or a fixture's name) and the fields given. */
function sheetForm(file: string | Uint8Array<ArrayBuffer> | null, fields: Record<string, string> = {}, fileName = typeof file === 'string' ? file : 'table.csv'): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  if (file !== null) form.append('file', new Blob([typeof file === 'string' ? fs.readFileSync(fixture(file)) : file]), fileName);
  return form;
}

beforeAll(async () => {
  sources = http.createServer((request, response) => {
    const handler = served.get(request.url ?? '');
    const answer = handler ? handler() : { status: 404, body: 'not here' };
    if (answer === null) return; // the slow source: never answers
    response.writeHead(answer.status ?? 200, answer.headers ?? {});
    response.end(answer.body ?? '');
  });
  await new Promise<void>((resolve) => sources.listen(0, '127.0.0.1', resolve));
  sourceBase = `http://127.0.0.1:${(sources.address() as AddressInfo).port}`;
  // The refresher claims due URL datasets every 50 ms here (30 s by default).
  server = await startTestServer({ datasetTickMs: 50, webhooks: { allowPrivate: true, timeoutMs: 2000 } });
  admin = (await signIn(server)).client;
  const [first, second] = await Promise.all([createCompanyAndOffice(admin, 'Widgets A'), createCompanyAndOffice(admin, 'Widgets B')]);
  Object.assign(ids, { companyA: first.company.id, companyB: second.company.id, officeA: first.office.id, officeB: second.office.id });
  const group = (name: string, company: number, media: string) => admin.post('/groups/create/', { name, companies: [company], permissions: { media, playlists: media, campaigns: media, devices: media, statistics: 'view' } });
  const [groupA, groupB, groupView] = (await Promise.all([group('Widgets A editors', ids.companyA, 'edit'), group('Widgets B editors', ids.companyB, 'edit'), group('Widgets A viewers', ids.companyA, 'view')])).map((r) => r.body.id);
  [a, b, viewer] = await Promise.all([userIn('widgets-a', [groupA]), userIn('widgets-b', [groupB]), userIn('widgets-view', [groupView])]);
});

afterAll(async () => {
  await server?.close();
  sources?.closeAllConnections();
  await new Promise((resolve) => sources?.close(resolve));
});

describe('datasets', () => {
  it('reads a LibreOffice .xlsx and a Windows-1251 CSV into columns and rows, versions every change of the table, and keeps to its company', async () => {
    const created = await a.post('/datasets/create/', sheetForm('menu-libreoffice.xlsx', { name: 'Lunch menu' }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const menu = created.body;
    expect(menu).toMatchObject({ name: 'Lunch menu', company: ids.companyA, columns: [{ name: 'Dish' }, { name: 'Price' }, { name: 'Served from' }], row_count: 25, version: 1, file_name: 'menu-libreoffice.xlsx' });
    // The text the spreadsheet shows: its numbers and dates as formatted there.
    expect(menu.rows.slice(0, 2)).toEqual([['Borscht', '3', '2026-12-01'], ['Pelmeni', '3.25', '2026-12-02']]);
    expect(menu.rows[24]).toEqual(['Sbiten', '9', '2026-12-25']);
    expect(menu.checksum).toMatch(/^[0-9a-f]{64}$/);

    // What a Russian Excel saves: Windows-1251, semicolons, a quoted field holding one; the empty last row dropped.
    const csv = await a.post('/datasets/create/', sheetForm('menu-excel-ru.csv'));
    expect(csv.status, JSON.stringify(csv.body)).toBe(201);
    expect(csv.body).toMatchObject({ name: 'menu-excel-ru', columns: [{ name: 'Блюдо' }, { name: 'Цена' }], rows: [['Борщ', '4,50'], ['Пельмени; домашние', '6,20']], row_count: 2 });

    // An edit by rows moves version and checksum; the same table again moves nothing.
    const rows = [...menu.rows.slice(0, 24), ['Sbiten', '9.50', null]];
    const edited = await a.put(`/datasets/${menu.id}`, { columns: menu.columns, rows });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ version: 2, row_count: 25, file_name: null });
    expect(edited.body.checksum).not.toBe(menu.checksum);
    expect(edited.body.rows[24]).toEqual(['Sbiten', '9.50', null]);
    const again = await a.put(`/datasets/${menu.id}`, { columns: menu.columns, rows, name: 'Lunch menu (winter)' });
    expect(again.body).toMatchObject({ version: 2, checksum: edited.body.checksum, name: 'Lunch menu (winter)' });
    // A new file replaces the table: back to the spreadsheet's rows, version 3.
    const replaced = await a.put(`/datasets/${menu.id}/file/`, sheetForm('menu-libreoffice.xlsx'));
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body).toMatchObject({ version: 3, checksum: menu.checksum, file_name: 'menu-libreoffice.xlsx', name: 'Lunch menu (winter)' });

    // The list: no rows, newest first, search; another company sees none of it; a viewer reads but cannot write.
    const list = await a.get('/datasets/?search=lunch');
    expect(list.body).toMatchObject({ count: 1, results: [{ id: menu.id, row_count: 25 }] });
    expect(list.body.results[0].rows).toBeUndefined();
    expect((await b.get('/datasets/')).body.count).toBe(0);
    expect((await b.get(`/datasets/${menu.id}`)).status).toBe(404);
    expect((await b.put(`/datasets/${menu.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await b.delete(`/datasets/${menu.id}`)).status).toBe(404);
    expect((await viewer.get(`/datasets/${menu.id}`)).body.row_count).toBe(25);
    expect((await viewer.post('/datasets/create/', sheetForm('menu-excel-ru.csv'))).status).toBe(403);
    expect((await viewer.put(`/datasets/${menu.id}`, { name: 'Viewer was here' })).status).toBe(403);

    const journal = (await admin.get(`/journal/?entity=dataset`)).body.results.map((entry: { action: string; entity_id: string }) => `${entry.action} ${entry.entity_id}`);
    expect(journal).toEqual(expect.arrayContaining([`create ${menu.id}`, `update ${menu.id}`, `create ${csv.body.id}`]));

    expect((await a.delete(`/datasets/${csv.body.id}`)).status).toBe(204);
    expect((await a.get(`/datasets/${csv.body.id}`)).status).toBe(404);
  });

  it('refuses what it cannot read or store with a code, and changes nothing', async () => {
    const refused = async (response: Promise<{ status: number; body: any }>) => {
      const { status, body } = await response;
      return [status, body.code, body.fields];
    };
    expect(await refused(a.post('/datasets/create/', sheetForm(null, { name: 'No file' })))).toEqual([400, 'validation_error', { file: 'required' }]);
    expect(await refused(a.post('/datasets/create/', sheetForm(new Uint8Array(0), { name: 'Empty' })))).toEqual([400, 'empty_file', { file: 'empty' }]);
    expect(await refused(a.post('/datasets/create/', sheetForm(new TextEncoder().encode(' , ,\n,,\n'), { name: 'Blank' })))).toEqual([400, 'empty_file', { file: 'empty' }]);
    expect(await refused(a.post('/datasets/create/', sheetForm(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 0, 0]), { name: 'Broken zip' })))).toEqual([400, 'unreadable_file', { file: 'unreadable' }]);
    expect(await refused(a.post('/datasets/create/', sheetForm(new Uint8Array([1, 0, 2, 0]), { name: 'Binary' })))).toEqual([400, 'unreadable_file', { file: 'unreadable' }]);
    expect(await refused(a.post('/datasets/create/', sheetForm(new TextEncoder().encode('a,"b\n1,2\n'), { name: 'Open quote' })))).toEqual([400, 'unreadable_file', { file: 'unreadable' }]);
    const wide = `${Array.from({ length: 51 }, (_, i) => `c${i}`).join(',')}\n`;
    expect(await refused(a.post('/datasets/create/', sheetForm(new TextEncoder().encode(wide), { name: 'Wide' })))).toEqual([400, 'too_many_columns', { file: 'too_many_columns' }]);
    const tall = `n\n${'1\n'.repeat(5001)}`;
    expect(await refused(a.post('/datasets/create/', sheetForm(new TextEncoder().encode(tall), { name: 'Tall' })))).toEqual([400, 'too_many_rows', { file: 'too_many_rows' }]);
    expect(await refused(a.post('/datasets/create/', sheetForm(new TextEncoder().encode(`n\n${'x'.repeat(1001)}\n`), { name: 'Long cell' })))).toEqual([400, 'cell_too_long', { file: 'cell_too_long' }]);
    expect(await refused(a.post('/datasets/create/', sheetForm('menu-excel-ru.csv', { name: ' ' })))).toEqual([400, 'validation_error', { name: 'required' }]);
    expect(await refused(a.post('/datasets/create/', sheetForm('menu-excel-ru.csv', { company: String(ids.companyB) })))).toEqual([400, 'unknown_company', { company: 'not_found' }]);
    const other = new FormData();
    other.append('photo', new Blob(['a,b\n1,2\n']), 'x.csv');
    expect(await refused(a.post('/datasets/create/', other))).toEqual([400, 'unexpected_file_field', { photo: 'unexpected' }]);
    // Counted while it streams: one byte over the limit is a 413.
    const big = new Uint8Array(MAX_DATASET_FILE_BYTES + 1).fill(0x61);
    expect(await refused(a.post('/datasets/create/', sheetForm(big, { name: 'Too big' })))).toEqual([413, 'file_too_large', { file: 'too_large' }]);
    expect((await a.post('/datasets/create/', { name: 'JSON body' })).status).toBe(400);
    expect((await a.get('/datasets/')).body.count).toBe(1);

    const { id, columns, rows, version, checksum } = (await a.get('/datasets/?search=lunch')).body.results[0] as { id: number; columns: unknown; rows: undefined; version: number; checksum: string };
    void rows;
    const put = (body: unknown) => refused(a.put(`/datasets/${id}`, body));
    expect(await put({ columns, rows: [['only one cell']] })).toEqual([400, 'invalid_table', { 'rows.0': 'wrong_length' }]);
    expect(await put({ columns: [{ name: 'A' }, { name: 'a' }], rows: [] })).toEqual([400, 'invalid_table', { 'columns.1.name': 'duplicate' }]);
    expect(await put({ columns: [{ name: ' ' }], rows: [] })).toEqual([400, 'invalid_table', { 'columns.0.name': 'required' }]);
    expect(await put({ columns: [], rows: [] })).toEqual([400, 'invalid_table', { columns: 'required' }]);
    expect(await put({ columns: [{ name: 'A' }], rows: [[{ nested: true }]] })).toEqual([400, 'validation_error', { 'rows.0.0': 'invalid' }]);
    expect(await put({ rows: [] })).toEqual([400, 'validation_error', { columns: 'required' }]);
    expect(await put({ name: 'x'.repeat(61) })).toEqual([400, 'validation_error', { name: 'too_long' }]);
    expect((await a.put(`/datasets/2147483647`, { name: 'Nothing' })).status).toBe(404);
    expect((await a.get(`/datasets/${id}`)).body).toMatchObject({ version, checksum, columns, row_count: 25 });
  });
});

describe('datasets read from a URL', () => {
  const RSS = (titles: string[]) => `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title>${titles
    .map((title, index) => `<item><title><![CDATA[${title}]]></title><link>https://example.com/${index}</link><pubDate>Sun, ${String(20 + index).padStart(2, '0')} Nov 2026 10:00:00 GMT</pubDate></item>`)
    .join('')}</channel></rss>`;

  it('reads CSV, JSON, RSS and Atom through the server, follows a redirect, keeps the last good copy when a read fails, and reads again on its own', async () => {
    let menu = 'Dish,Price\nBorscht,4.50\nPelmeni,6.20\n';
    served.set('/menu.csv', () => ({ headers: { 'content-type': 'text/csv' }, body: menu }));
    served.set('/moved', () => ({ status: 302, headers: { location: '/menu.csv' } }));
    served.set('/menu.json', () => ({ body: JSON.stringify({ items: [{ dish: 'Syrniki', price: 3.5 }, { dish: 'Kasha', vegan: true, tags: ['hot'] }] }) }));
    served.set('/news.rss', () => ({ body: RSS(['Oldest & wiser', 'Middle', 'Newest']) }));
    served.set('/news.atom', () => ({ body: '<feed xmlns="http://www.w3.org/2005/Atom"><entry><title type="html">Atom &lt;b&gt;one&lt;/b&gt;</title><link href="https://example.com/a"/><updated>2026-11-28T08:00:00Z</updated></entry></feed>' }));

    const created = await a.post('/datasets/create/', { name: 'Menu from the till', url: `${sourceBase}/moved`, format: 'csv' });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ columns: [{ name: 'Dish' }, { name: 'Price' }], rows: [['Borscht', '4.50'], ['Pelmeni', '6.20']], version: 1, file_name: null });
    expect(created.body.source).toMatchObject({ url: `${sourceBase}/moved`, format: 'csv', refresh_minutes: 15, failed_since: null, error: null });
    expect(Date.parse(created.body.source.fetched_at)).toBeGreaterThan(Date.now() - 60_000);
    const id = created.body.id as number;

    const json = await a.post('/datasets/create/', { name: 'JSON menu', url: `${sourceBase}/menu.json`, format: 'json', refresh_minutes: 5 });
    expect(json.body).toMatchObject({ columns: [{ name: 'dish' }, { name: 'price' }, { name: 'vegan' }, { name: 'tags' }], rows: [['Syrniki', '3.5', null, null], ['Kasha', null, 'true', '["hot"]']] });
    const rss = await a.post('/datasets/create/', { name: 'News', url: `${sourceBase}/news.rss`, format: 'feed' });
    expect(rss.body.columns).toEqual([{ name: 'title' }, { name: 'link' }, { name: 'published' }]);
    expect(rss.body.rows.map((row: string[]) => row[0])).toEqual(['Newest', 'Middle', 'Oldest & wiser']);
    expect(rss.body.rows[0]).toEqual(['Newest', 'https://example.com/2', '2026-11-22T10:00:00.000Z']);
    const atom = await a.post('/datasets/create/', { name: 'Atom news', url: `${sourceBase}/news.atom`, format: 'feed' });
    expect(atom.body.rows).toEqual([['Atom one', 'https://example.com/a', '2026-11-28T08:00:00.000Z']]);

    // Read again on demand: a new table moves the version.
    menu = 'Dish,Price\nBorscht,4.90\n';
    const refreshed = await a.post(`/datasets/${id}/refresh/`);
    expect(refreshed.body).toMatchObject({ rows: [['Borscht', '4.90']], version: 2 });
    // A read that fails: refused with its reason, the last good table kept, the failure noted.
    served.set('/menu.csv', () => ({ status: 503, body: 'down' }));
    const failed = await a.post(`/datasets/${id}/refresh/`);
    expect([failed.status, failed.body.code, failed.body.fields]).toEqual([400, 'source_failed', { url: 'http_503' }]);
    const kept = (await a.get(`/datasets/${id}`)).body;
    expect(kept).toMatchObject({ rows: [['Borscht', '4.90']], version: 2, source: { error: 'http_503' } });
    expect(kept.source.failed_since).not.toBeNull();

    // The refresher: once due, any instance reads it on its tick; the failure clears with the first good read.
    menu = 'Dish,Price\nShchi,3.10\n';
    served.set('/menu.csv', () => ({ body: menu }));
    await server.ctx.db.execute(`UPDATE datasets SET next_fetch_at = now() - interval '1 second' WHERE id = ${id}` as never);
    let current = kept;
    while (current.version === 2) current = (await a.get(`/datasets/${id}`)).body;
    expect(current).toMatchObject({ rows: [['Shchi', '3.10']], version: 3, source: { failed_since: null, error: null } });
    // Not due again before its interval.
    const due = (await server.ctx.db.execute(`SELECT next_fetch_at > now() + interval '14 minutes' AS later FROM datasets WHERE id = ${id}` as never)) as unknown as { rows: { later: boolean }[] };
    expect(due.rows[0]!.later).toBe(true);

    // The rows of a URL dataset come from the URL; a file replaces the URL.
    const edit = await a.put(`/datasets/${id}`, { columns: [{ name: 'Dish' }], rows: [['x']] });
    expect([edit.status, edit.body.code]).toEqual([400, 'dataset_from_url']);
    const form = new FormData();
    form.append('file', new Blob(['A\n1\n']), 'a.csv');
    expect((await a.put(`/datasets/${id}/file/`, form)).body).toMatchObject({ source: null, file_name: 'a.csv', rows: [['1']] });
    expect((await a.post(`/datasets/${id}/refresh/`)).body.code).toBe('not_from_url');
    // ... and a URL replaces the file, read at once.
    const back = await a.put(`/datasets/${id}`, { url: `${sourceBase}/menu.json`, format: 'json' });
    expect(back.body).toMatchObject({ file_name: null, source: { format: 'json', refresh_minutes: 15 }, columns: [{ name: 'dish' }, { name: 'price' }, { name: 'vegan' }, { name: 'tags' }] });
  });

  it('refuses an address it may not or cannot read, and stores nothing', async () => {
    const before = (await a.get('/datasets/')).body.count;
    const create = async (body: Record<string, unknown>) => {
      const response = await a.post('/datasets/create/', { name: 'Refused', format: 'csv', ...body });
      return [response.status, response.body.code, response.body.fields];
    };
    served.set('/slow', () => null);
    served.set('/big', () => ({ body: Buffer.alloc(MAX_DATASET_FILE_BYTES + 10, 0x61) }));
    served.set('/html', () => ({ body: '<html><body>Not a feed</body></html>' }));
    expect(await create({ url: `${sourceBase}/missing` })).toEqual([400, 'source_failed', { url: 'http_404' }]);
    expect(await create({ url: `${sourceBase}/big` })).toEqual([400, 'source_failed', { url: 'too_large' }]);
    expect(await create({ url: `${sourceBase}/html`, format: 'feed' })).toEqual([400, 'source_failed', { url: 'unreadable' }]);
    expect(await create({ url: 'ftp://example.com/menu.csv' })).toEqual([400, 'source_failed', { url: 'unsupported_scheme' }]);
    expect(await create({ url: 'not a url' })).toEqual([400, 'source_failed', { url: 'invalid_url' }]);
    expect(await create({ url: `${sourceBase}/menu.csv`, refresh_minutes: 1 })).toEqual([400, 'validation_error', { refresh_minutes: 'out_of_range' }]);
    expect(await create({ url: `${sourceBase}/menu.csv`, format: 'xml' })).toEqual([400, 'validation_error', { format: 'invalid' }]);
    const webhooks = server.ctx.config.webhooks!;
    webhooks.timeoutMs = 300;
    expect(await create({ url: `${sourceBase}/slow` })).toEqual([400, 'source_failed', { url: 'timeout' }]);
    webhooks.timeoutMs = 2000;
    // The webhooks' address rule: loopback and private addresses only with WEBHOOK_ALLOW_PRIVATE.
    webhooks.allowPrivate = false;
    expect(await create({ url: `${sourceBase}/menu.csv` })).toEqual([400, 'source_failed', { url: 'private_address' }]);
    expect(await create({ url: 'http://[::ffff:10.0.0.1]/menu.csv' })).toEqual([400, 'source_failed', { url: 'private_address' }]);
    webhooks.allowPrivate = true;
    expect((await a.get('/datasets/')).body.count).toBe(before);
  });
});

describe('widgets in layout zones', () => {
  const player = (device: { sn: string; key: string }) => ({ 'x-device-serial': device.sn, 'x-device-key': device.key });
  const today = () => new Date().toISOString().slice(0, 10);
  const zone = (name: string, x: number, content: unknown) => ({ name, x, y: 0, width: 320, height: 200, content });

  it('stores each widget with its settings whole, refuses bad settings by field, and screens get them with the data they show, kept current', async () => {
    const menu = (await a.post('/datasets/create/', sheetForm('menu-libreoffice.xlsx', { name: 'Widget menu' }))).body;
    const foreign = (await b.post('/datasets/create/', sheetForm('menu-excel-ru.csv', { name: 'B menu' }))).body;
    const refused = async (zones: unknown[]) => {
      const response = await a.post('/layouts/create/', { name: 'Refused', screen_position: 'horizontal', zones });
      return [response.status, response.body.code, response.body.fields];
    };
    expect(await refused([zone('Ticker', 0, { kind: 'widget', widget: 'ticker', settings: {} })])).toEqual([400, 'widget_invalid', { 'zones.0.content.settings.messages': 'required' }]);
    expect(await refused([zone('Table', 0, { kind: 'widget', widget: 'data_table', settings: { dataset: foreign.id } })])).toEqual([400, 'dataset_not_found', { 'zones.0.content.settings.dataset': 'dataset_not_found' }]);
    expect((await refused([zone('Web', 0, { kind: 'widget', widget: 'web_page', settings: { url: 'ftp://example.com/' } })]))[1]).toBe('validation_error');
    expect(await refused([zone('Clock', 0, { kind: 'widget', widget: 'clock', settings: { font_size: 2 } })])).toEqual([400, 'validation_error', { 'zones.0.content.settings.font_size': 'out_of_range' }]);
    expect((await refused([zone('Clock', 0, { kind: 'widget', widget: 'clock', settings: { colour: '#fff' } })]))[1]).toBe('validation_error');
    expect((await refused([zone('Odd', 0, { kind: 'widget', widget: 'weather', settings: {} })]))[1]).toBe('validation_error');
    expect((await refused([zone('Table', 0, { kind: 'widget', widget: 'data_table', settings: {} })]))[2]).toEqual({ 'zones.0.content.settings.dataset': 'required' });

    const created = await a.post('/layouts/create/', {
      name: 'Widget wall',
      screen_position: 'horizontal',
      zones: [
        zone('Clock', 0, { kind: 'widget', widget: 'clock', settings: { format: 'date_time', color: '#FFCC00' } }),
        zone('Ticker', 320, { kind: 'widget', widget: 'ticker', settings: { messages: ['Welcome', 'Lunch at noon'] } }),
        zone('Menu', 640, { kind: 'widget', widget: 'data_table', settings: { dataset: menu.id, columns: ['Dish', 'Price'], rows_per_page: 5 } }),
        zone('QR', 960, { kind: 'widget', widget: 'qr_code', settings: { text: 'https://example.com/menu', caption: 'Scan me' } }),
        zone('Map', 1280, { kind: 'widget', widget: 'map', settings: {} }),
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const layout = created.body;
    // Settings stored whole, defaults filled in, colours lower case.
    expect(layout.zones[0].content).toEqual({ kind: 'widget', widget: 'clock', settings: { format: 'date_time', hour12: false, color: '#ffcc00', background: null, font_size: 64 } });
    expect(layout.zones[2].content.settings).toEqual({ dataset: menu.id, columns: ['Dish', 'Price'], rows_per_page: 5, page_seconds: 10, header_color: '#ffffff', header_background: '#333333', color: '#ffffff', background: '#000000', font_size: 32 });
    expect(layout.zones[4].content).toEqual({ kind: 'widget', widget: 'map', settings: { legend: true } });
    const detail = (await a.get(`/layouts/${layout.id}/detail/`)).body;
    expect(detail.zones[2].content).toMatchObject({ kind: 'widget', widget: 'data_table', dataset: { id: menu.id, name: 'Widget menu', row_count: 25, version: 1, failed_since: null } });
    expect(detail.zones[0].content).toMatchObject({ kind: 'widget', widget: 'clock', dataset: null });
    // A dataset a layout shows cannot be deleted.
    const inUse = await a.delete(`/datasets/${menu.id}`);
    expect([inUse.status, inUse.body.code]).toEqual([409, 'dataset_in_use']);

    // Widgets need no playlist: the layout commits, is scheduled and published; the screen gets each widget.
    expect((await a.post(`/layouts/${layout.id}/commit/`)).body).toEqual({ changed: true, version: 1 });
    const screen = await createDevice(a, { office: ids.officeA, position: 'horizontal' });
    const stranger = await createDevice(b, { office: ids.officeB, position: 'horizontal' });
    const campaign = (await a.post('/campaigns/create/', { name: 'Widget campaign', screen_position: 'horizontal', user: 1 })).body.id;
    expect((await a.put(`/campaigns/${campaign}/devices/`, { devices: [screen.id] })).status).toBe(200);
    const event = await a.post('/scheduler/events/create/', { campaign, title: 'Widgets', all_day: true, start_date: today(), end_date: today(), devices: [screen.id], layout: layout.id });
    expect(event.status, JSON.stringify(event.body)).toBe(201);
    expect((await a.post(`/scheduler/publish/${campaign}/`)).status).toBe(200);
    const dev2 = async () => {
      const answer = await apiClient(server).call('GET', `/scheduler/dev2/${screen.id}`, undefined, player(screen));
      expect(answer.status).toBe(200);
      return { version: answer.body.version as number, zones: answer.body.items.find((item: { event: number }) => item.event === event.body.id).layout.zones };
    };
    // The editor warns when a screen that shows the map has no map of its own ("you are here" needs it placed on one).
    const mapScreens = async () => (await a.get(`/layouts/${layout.id}/detail/`)).body.map_screens;
    expect(await mapScreens()).toEqual({ screens: 1, without_map: 1, names: [screen.name] });
    const plan = (await server.ctx.db.execute(
      `INSERT INTO navigation_objects (office_id, name, source_file, display_file, width, height) VALUES (${ids.officeA}, 'Widget plan', 'p.png', 'p.webp', 100, 100) RETURNING id` as never,
    )) as unknown as { rows: { id: number }[] };
    await server.ctx.db.execute(`INSERT INTO navigation_devices (device_id, object_id, placeholder) VALUES (${screen.id}, ${plan.rows[0]!.id}, '{}'::jsonb)` as never);
    expect(await mapScreens()).toEqual({ screens: 1, without_map: 0, names: [] });
    expect((await a.get(`/layouts/${(await a.post('/layouts/create/', { name: 'No map', screen_position: 'horizontal' })).body.id}/detail/`)).body.map_screens).toBeNull();
    const first = await dev2();
    expect(first.zones.map((z: { items: unknown[]; widget: { kind: string } }) => [z.items, z.widget.kind])).toEqual([[[], 'clock'], [[], 'ticker'], [[], 'data_table'], [[], 'qr_code'], [[], 'map']]);
    expect(first.zones[3].widget).toEqual({ kind: 'qr_code', settings: { text: 'https://example.com/menu', caption: 'Scan me', color: '#000000', background: '#ffffff' }, data: null });
    const data = first.zones[2].widget.data;
    expect(data).toEqual({ id: menu.id, url: `/api/v1/player/datasets/${menu.id}/?v=${menu.checksum.slice(0, 16)}`, version: 1, checksum: menu.checksum });

    // The player reads the rows by its serial and key; a device of another company cannot; an unchanged table is a 304.
    const read = await apiClient(server).call('GET', data.url.replace('/api/v1', ''), undefined, player(screen));
    expect([read.status, read.body.rows.length, read.body.columns[0], read.body.checksum]).toEqual([200, 25, { name: 'Dish' }, menu.checksum]);
    expect((await apiClient(server).call('GET', data.url.replace('/api/v1', ''), undefined, player(stranger))).status).toBe(404);
    expect((await apiClient(server).call('GET', data.url.replace('/api/v1', ''), undefined, { ...player(screen), 'if-none-match': `"${menu.checksum}"` })).status).toBe(304);

    // An edit of the dataset reaches the screen as a publish would: a new schedule version naming the new checksum.
    const edited = await a.put(`/datasets/${menu.id}`, { columns: menu.columns, rows: menu.rows.slice(0, 3) });
    expect(edited.body.version).toBe(2);
    const second = await dev2();
    expect(second.version).toBeGreaterThan(first.version);
    expect(second.zones[2].widget.data).toMatchObject({ version: 2, checksum: edited.body.checksum });
    expect((await apiClient(server).call('GET', second.zones[2].widget.data.url.replace('/api/v1', ''), undefined, player(screen))).body.rows).toHaveLength(3);

    // A layout of widgets alone plays no file: now playing names the layout, `media` null, and each zone's widget (a null
    // media without a layout is refused); the device card shows them.
    const now = new Date().toISOString();
    const heartbeat = (nowPlaying: unknown) => apiClient(server).call('POST', '/player/heartbeat/', { schedule_state: 'playing', now_playing: nowPlaying }, player(screen));
    const zonesPlaying = (layout.zones as { id: number }[]).map((z) => ({ id: z.id, media_id: null, started_at: now }));
    const refusedBeat = await heartbeat({ event: event.body.id, media: null, started_at: now });
    expect([refusedBeat.status, refusedBeat.body.code]).toEqual([400, 'validation_error']);
    expect((await heartbeat({ event: event.body.id, media: null, started_at: now, layout: { id: layout.id, version: 1 }, zones: zonesPlaying })).status).toBe(200);
    const card = (await a.get(`/tvpi/devices/${screen.id}/playback/`)).body.now_playing;
    expect(card).toMatchObject({ event: event.body.id, media: null, name: null, preview: null, rendition: null, layout: { id: layout.id, version: 1, name: 'Widget wall' } });
    expect(card.zones.map((z: { name: string; media: null; widget: string }) => [z.name, z.media, z.widget])).toEqual([
      ['Clock', null, 'clock'], ['Ticker', null, 'ticker'], ['Menu', null, 'data_table'], ['QR', null, 'qr_code'], ['Map', null, 'map'],
    ]);

    // Proof of play of widgets: a zone's showing with its kind, refused when that zone shows no such widget.
    const [clock, ticker] = layout.zones as { id: number }[];
    const started = new Date(Date.now() - 60_000).toISOString();
    const showing = { kind: 'widget', event: event.body.id, started_at: started, duration: 30 };
    const plays = (batch: unknown[]) => apiClient(server).call('POST', '/player/plays/', { plays: batch }, player(screen));
    const sent = await plays([
      { ...showing, id: 'w-1', zone: clock!.id, widget: 'clock' },
      { ...showing, id: 'w-2', zone: ticker!.id, widget: 'ticker', duration: 12, outcome: 'partial' },
      { ...showing, id: 'w-3', zone: ticker!.id, widget: 'ticker', duration: 4, outcome: 'failed' },
      { ...showing, id: 'w-4', zone: clock!.id, widget: 'ticker' },
      { ...showing, id: 'w-5', zone: clock!.id, widget: 'weather' },
      { ...showing, id: 'w-6', zone: clock!.id, widget: 'clock', media: 3 },
      { ...showing, id: 'w-7', widget: 'clock' },
      { ...showing, id: 'w-8', zone: clock!.id, widget: 'clock', event: 2147483647 },
    ]);
    expect(sent.body).toEqual({
      accepted: 3,
      duplicates: 0,
      refused: [
        { id: 'w-5', reason: 'invalid' },
        { id: 'w-6', reason: 'invalid' },
        { id: 'w-7', reason: 'invalid' },
        { id: 'w-4', reason: 'not_scheduled' },
        { id: 'w-8', reason: 'unknown_event' },
      ],
    });
    expect((await plays([{ ...showing, id: 'w-1', zone: clock!.id, widget: 'clock' }])).body).toEqual({ accepted: 0, duplicates: 1, refused: [] });
    expect((await apiClient(server).call('POST', '/player/plays/', { plays: [{ ...showing, id: 'w-9', zone: clock!.id, widget: 'clock' }] }, player(stranger))).body.refused).toEqual([{ id: 'w-9', reason: 'not_scheduled' }]);
    const statistics = (await a.get(`/statistics/?campaign=${campaign}&date=${started.slice(0, 10)}&layout=${layout.id}`)).body;
    expect(statistics.widgets, JSON.stringify(statistics)).toEqual([
      { layout: layout.id, zone: clock!.id, widget: 'clock', plays: 1, seconds: 30 },
      { layout: layout.id, zone: ticker!.id, widget: 'ticker', plays: 1, seconds: 16 },
    ]);
    expect(statistics.total).toEqual({ plays: 0, seconds: 0 });
  });
});

describe('the web page widget', () => {
  it('tells whether an address may be framed on a screen, read by the server under the address rules', async () => {
    served.set('/open', () => ({ body: '<p>ok</p>' }));
    served.set('/deny', () => ({ headers: { 'x-frame-options': 'DENY' }, body: '<p>no</p>' }));
    served.set('/self', () => ({ headers: { 'content-security-policy': "default-src 'self'; frame-ancestors 'self' https://intranet.example" }, body: '' }));
    served.set('/any', () => ({ headers: { 'content-security-policy': 'frame-ancestors *', 'x-frame-options': 'DENY' }, body: '' }));
    const check = async (url: string) => (await a.post('/widgets/web-page-check/', { url })).body;
    expect(await check(`${sourceBase}/open`)).toEqual({ url: `${sourceBase}/open`, frameable: true, reason: null });
    expect(await check(`${sourceBase}/deny`)).toMatchObject({ frameable: false, reason: 'x_frame_options' });
    expect(await check(`${sourceBase}/self`)).toMatchObject({ frameable: false, reason: 'frame_ancestors' });
    // frame-ancestors wins over X-Frame-Options, as browsers do.
    expect(await check(`${sourceBase}/any`)).toMatchObject({ frameable: true, reason: null });
    expect(await check(`${sourceBase}/missing`)).toMatchObject({ frameable: false, reason: 'http_404' });
    server.ctx.config.webhooks!.allowPrivate = false;
    expect(await check(`${sourceBase}/open`)).toMatchObject({ frameable: false, reason: 'private_address' });
    server.ctx.config.webhooks!.allowPrivate = true;
    expect((await viewer.post('/widgets/web-page-check/', { url: `${sourceBase}/open` })).status).toBe(403);
    expect((await a.post('/widgets/web-page-check/', {})).body.code).toBe('validation_error');
  });

  it("answers a screen the check of the pages its schedule shows, stored and read again once older than five minutes", async () => {
    served.set('/framed-deny', () => ({ headers: { 'x-frame-options': 'SAMEORIGIN' }, body: '<p>no</p>' }));
    const [refusing, open] = [`${sourceBase}/framed-deny`, `${sourceBase}/open`];
    const web = (name: string, x: number, url: string) => ({ name, x, y: 0, width: 320, height: 200, content: { kind: 'widget', widget: 'web_page', settings: { url } } });
    const layout = (await a.post('/layouts/create/', { name: 'Web wall', screen_position: 'horizontal', zones: [web('Refusing', 0, refusing), web('Open', 320, open)] })).body;
    expect((await a.post(`/layouts/${layout.id}/commit/`)).body.changed).toBe(true);
    const [screen, other] = await Promise.all([createDevice(a, { office: ids.officeA, position: 'horizontal' }), createDevice(a, { office: ids.officeA, position: 'horizontal' })]);
    const campaign = (await a.post('/campaigns/create/', { name: 'Web campaign', screen_position: 'horizontal', user: 1 })).body.id;
    expect((await a.put(`/campaigns/${campaign}/devices/`, { devices: [screen.id] })).status).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect((await a.post('/scheduler/events/create/', { campaign, title: 'Web', all_day: true, start_date: day, end_date: day, devices: [screen.id], layout: layout.id })).status).toBe(201);
    expect((await a.post(`/scheduler/publish/${campaign}/`)).status).toBe(200);
    const ask = (device: { sn: string; key: string }, url: string) =>
      apiClient(server).call('GET', `/player/web-page-check/?url=${encodeURIComponent(url)}`, undefined, { 'x-device-serial': device.sn, 'x-device-key': device.key });

    const first = await ask(screen, refusing);
    expect([first.status, first.body.url, first.body.frameable, first.body.reason]).toEqual([200, refusing, false, 'x_frame_options']);
    expect(Date.parse(first.body.checked_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await ask(screen, open)).body).toMatchObject({ url: open, frameable: true, reason: null });
    // Only the pages its schedule shows; a bad query is a 400.
    expect((await ask(other, refusing)).status).toBe(404);
    expect((await ask(screen, `${sourceBase}/deny`)).status).toBe(404);
    expect((await apiClient(server).call('GET', '/player/web-page-check/', undefined, { 'x-device-serial': screen.sn, 'x-device-key': screen.key })).body.code).toBe('validation_error');
    // The stored check is answered while fresh (the page now allows frames), and read again once older than five minutes.
    served.set('/framed-deny', () => ({ body: '<p>now framable</p>' }));
    expect((await ask(screen, refusing)).body).toMatchObject({ frameable: false, checked_at: first.body.checked_at });
    await server.ctx.db.execute(`UPDATE web_page_checks SET checked_at = checked_at - interval '6 minutes'` as never);
    expect((await ask(screen, refusing)).body).toMatchObject({ frameable: true, reason: null });
  });
});
