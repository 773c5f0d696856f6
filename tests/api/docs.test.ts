import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signIn, startTestServer, type TestServer } from '../helpers/server.ts';
import { describeAs, makeFixtures, uploadForm } from './media-fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const normalise = (route: string) => route.replace(/:(\w+)/g, '{$1}').replace(/\/$/, '');

it('docs/api.md lists exactly the routes the server registers', () => {
  const docs = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/api.md'), 'utf8');
  const documented = [...docs.matchAll(/^- `([A-Z]+) (\/[^`]*)`/gm)].map((m) => normalise(`${m[1]} ${m[2]}`));
  const registered = server.app.routeTable.map(normalise);
  expect([...new Set(documented)].sort()).toEqual([...new Set(registered)].sort());
});

/** The top-level names of each documented shape, `A media file: \`{id, name, ...}\``, keyed by what precedes the colon. */
const documentedShapes = (): Map<string, string[]> => {
  const docs = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/api.md'), 'utf8');
  const shapes = new Map<string, string[]>();
  for (const match of docs.matchAll(/^(An? [^:`\n]+?|User objects):\s+`\{/gm)) {
    let depth = 1;
    let end = match.index + match[0].length;
    while (depth > 0 && end < docs.length) {
      const char = docs[end++];
      if (char === '{' || char === '[') depth++;
      else if (char === '}' || char === ']') depth--;
    }
    const body = docs.slice(match.index + match[0].length, end - 1).replace(/\s+/g, ' ');
    const names: string[] = [];
    let level = 0;
    let token = '';
    for (const char of `${body},`) {
      if (char === '{' || char === '[') level++;
      else if (char === '}' || char === ']') level--;
      else if (char === ',' && level === 0) {
        names.push(token.trim().split(':')[0]!.trim());
        token = '';
        continue;
      }
      if (level === 0 && char !== '}' && char !== ']') token += char;
    }
    shapes.set(match[1]!.replace(/^An? /, ''), names.filter(Boolean).sort());
  }
  return shapes;
};

it('each documented field list is exactly the fields the server answers (company included)', async () => {
  const shapes = documentedShapes();
  const { client } = await signIn(server);
  const answers: Record<string, Record<string, unknown>> = {};
  const created = async (label: string, url: string, body: unknown) => {
    const response = await client.post(url, body);
    expect([label, response.status]).toEqual([label, 201]);
    answers[label] = response.body;
    return response.body as { id: number };
  };
  const company = await created('company', '/companies/create/', { name: 'Docs company', user: 1 });
  await created('department', '/departments/create/', { company: company.id, name: 'Docs department', user: 1 });
  const office = await created('branch office', '/branch-offices/create/', { company: company.id, name: 'Docs office', user: 1 });
  await created('group', '/groups/create/', { name: 'Docs group', companies: [company.id] });
  const campaign = await created('campaign', '/campaigns/create/', { name: 'Docs campaign', screen_position: 'horizontal', company: company.id, user: 1 });
  const playlist = await created('playlist', '/media/play_lists/create/', { name: 'Docs playlist', screen_position: 'horizontal', company: company.id });
  await created('layout', '/layouts/create/', { name: 'Docs layout', screen_position: 'horizontal', company: company.id });
  const sheet = new FormData();
  sheet.append('company', String(company.id));
  sheet.append('file', new Blob(['Dish,Price\nBorscht,4.50\n']), 'menu.csv');
  await created('dataset', '/datasets/create/', sheet);
  const device = await created('device', '/tvpi/devices/create/', { sn: 'DOCS-1', name: 'Docs screen', office: office.id, position: 'horizontal', user: 1 });
  await created('query', '/directory/queries/create/', { name: 'Docs query', value: '1280 x 720 @ fps=25 @ x264', type: 'video', device: 'tvpi', screen: 'horizontal' });
  const { png } = await makeFixtures();
  const upload = await client.post('/media/files/create/', await uploadForm([png], [{ ...describeAs('Docs still'), company: company.id }]));
  expect(upload.status).toBe(201);
  answers['media file'] = upload.body[0];
  expect((await client.put(`/campaigns/${campaign.id}/devices/`, { devices: [device.id] })).status).toBe(200);
  await created('event of a campaign\'s calendar', '/scheduler/events/create/', {
    campaign: campaign.id, title: 'Docs event', playlist: playlist.id, start_date: '2030-01-01', end_date: '2030-01-01', all_day: true, devices: [device.id],
  });
  answers['media file'] = (await client.get(`/media/files/${upload.body[0].id}`)).body;

  const documented = Object.fromEntries(Object.keys(answers).map((label) => [label, shapes.get(label)]));
  const answered = Object.fromEntries(Object.entries(answers).map(([label, body]) => [label, Object.keys(body).sort()]));
  expect(documented).toEqual(answered);
  for (const label of ['media file', 'playlist', 'campaign']) expect(shapes.get(label)).toContain('company');
});
