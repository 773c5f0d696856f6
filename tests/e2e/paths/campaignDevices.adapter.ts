import fs from 'node:fs';
import path from 'node:path';
import type { Route } from 'playwright-core';
import { expect, vi } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import campaignDevices from '../../model/campaigns/campaignDevices.qa.ts';
import { makeFixtures } from '../../api/media-fixtures.ts';
import { tempDir } from '../../helpers/browser.ts';
import { dropNext, failNext, type Adapter, type ReplayContext } from './replay.ts';
import { ok } from './seed.ts';

type Side = 'participating' | 'available';
const SIDES = /\/api\/v1\/campaigns\/\d+\/devices\/\?/;
const SAVE_URL = /\/api\/v1\/campaigns\/\d+\/devices\/$/;
const MULTIPLY_URL = /\/api\/v1\/campaigns\/\d+\/multiply\//;
const TIMER = 'the 30 s refresh is not waited for in the browser (the model replay checks the timer the page sets)';

/**
 * Each side's page is held on the network until the path says how its load ends: the real server answers, or the
 * request fails. `owed` counts the loads the path's actions asked for and the page has not sent yet; a load no step
 * asked for (after a save, or the 30 s refresh) reaches the real server at once.
 */
interface Holds {
  owed: Record<Side, number>;
  held: Record<Side, Route[]>;
  /** Saves are held too: their answer reloads both sides, which the steps before it must not see. */
  saves: Route[];
}
const holds = (ctx: ReplayContext) => ctx.data.holds as Holds;
const expectLoad = (ctx: ReplayContext, side: Side) => {
  holds(ctx).owed[side] += 1;
};

/** Answers the side's held loads (the last one asked for, and any it replaced) once the page has sent them. */
async function answer(ctx: ReplayContext, side: Side, how: 'load' | 'fail'): Promise<void> {
  const queue = holds(ctx);
  await vi.waitFor(() => expect(queue.owed[side] === 0 && queue.held[side].length > 0, `the page sends the ${side} load`).toBe(true), { timeout: 15_000, interval: 50 });
  for (const route of queue.held[side].splice(0)) await (how === 'load' ? route.fallback() : route.abort('internetdisconnected')).catch(() => undefined);
}

/** Lets the held save go on: to the real server, or to the outcome arranged for it (a refusal, a dropped request). */
async function releaseSave(ctx: ReplayContext): Promise<void> {
  const queue = holds(ctx);
  await vi.waitFor(() => expect(queue.saves.length, 'the page sends the save').toBeGreaterThan(0), { timeout: 15_000, interval: 50 });
  await queue.saves.shift()!.fallback();
}

/** The xlsx files the catalogue names: one whose column lists Hall's serial and NOPE under a header, one with only NOPE, a picture. */
async function spreadsheet(ctx: ReplayContext, which: 'hall' | 'nothing' | 'unreadable'): Promise<string> {
  const dir = (ctx.data.dir ??= tempDir('vitrine-qa-xlsx-')) as string;
  const file = path.join(dir, `${which}.xlsx`);
  if (which === 'unreadable') fs.copyFileSync((await makeFixtures()).png, file);
  else fs.writeFileSync(file, await writeXlsxFile(which === 'hall' ? [['SN'], [ctx.data.hallSn as string], ['NOPE']] : [['NOPE']]).toBuffer());
  return file;
}

const names = (ctx: ReplayContext) => ctx.data.names as Record<'lobby' | 'window' | 'hall' | 'spring' | 'summer', string>;
// CSS, not roles: a result dialog is modal, and the page behind it is hidden from the accessibility tree meanwhile.
const side = (ctx: ReplayContext, which: Side) => ctx.page.locator(`section[aria-labelledby="${which}-title"]`);
const label = (which: Side) => (which === 'participating' ? 'Participating devices' : 'Available devices');
const dialog = (ctx: ReplayContext) => ctx.page.getByRole('dialog');
const pendingLine = (ctx: ReplayContext) => ctx.page.getByText(/^\d+ unsaved changes?$/);
const saveButton = (ctx: ReplayContext) => ctx.page.locator('button', { hasText: /^Save$/ });

async function ready(ctx: ReplayContext, which: Side): Promise<void> {
  await side(ctx, which).locator('ul[aria-busy="false"]').or(side(ctx, which).getByText(/^No devices/)).first().waitFor();
  await side(ctx, which).locator('[role="alert"]').waitFor({ state: 'detached' });
}

async function failed(ctx: ReplayContext, which: Side): Promise<void> {
  const alert = side(ctx, which).locator('[role="alert"]');
  await alert.filter({ hasText: which === 'participating' ? 'Error while loading group devices' : 'Error while loading available devices' }).waitFor();
  await alert.getByRole('button', { name: 'Retry' }).waitFor();
}

/**
 * /campaigns/<id>/devices of a horizontal campaign the path makes through the API with the device Lobby; Window and
 * Hall, horizontal, in no campaign; Spring and Summer, horizontal campaigns, Summer already with Lobby (so a multiply
 * gives Spring 1 device and Summer none). Every name is the path's own.
 */
export const campaignDevicesAdapter: Adapter = {
  qa: campaignDevices,
  // Each start holds the page's loads with a handler of its own: a fresh page each.
  onePage: false,
  unsupported: {
    "30 s pass with the campaign's devices shown": TIMER,
    '30 s pass with the available devices shown': TIMER,
    'both sides reload': 'no button reloads both sides (the page does it after a save)',
    "the campaign's devices load: another operator added Window (Lobby, Window)":
      'a change by another operator between two loads: tests/e2e/campaigns.test.ts ("reads the saved devices again ...") plays it in the browser',
    'multiply with no campaign chosen': 'the dialog keeps "Multiply" disabled until a campaign is ticked',
  },
  async start(ctx) {
    const u = ctx.unique;
    ctx.data.names = { lobby: `Lobby ${u}`, window: `Window ${u}`, hall: `Hall ${u}`, spring: `Spring ${u}`, summer: `Summer ${u}` };
    const device = async (name: string, sn: string) => ok('device', await ctx.admin.client.post('/tvpi/devices/create/', { sn, name, position: 'horizontal', user: 1 })).body.id as number;
    const campaign = async (name: string, devices: number[]) => {
      const made = ok('campaign', await ctx.admin.client.post('/campaigns/create/', { name, screen_position: 'horizontal', user: 1 })).body.id as number;
      if (devices.length) ok('campaign devices', await ctx.admin.client.put(`/campaigns/${made}/devices/`, { devices, user: 1 }));
      return made;
    };
    const lobby = await device(names(ctx).lobby, `QA-CD-L-${u}`);
    await device(names(ctx).window, `QA-CD-W-${u}`);
    ctx.data.hallSn = `QA-CD-H-${u}`;
    await device(names(ctx).hall, ctx.data.hallSn as string);
    const id = await campaign(`QA devices ${u}`, [lobby]);
    await campaign(names(ctx).spring, []);
    await campaign(names(ctx).summer, [lobby]);
    const queue: Holds = { owed: { participating: 1, available: 1 }, held: { participating: [], available: [] }, saves: [] };
    ctx.data.holds = queue;
    await ctx.page.route(SAVE_URL, (route) => (route.request().method() === 'PUT' ? void queue.saves.push(route) : route.fallback()));
    await ctx.page.route(SIDES, (route) => {
      const which = new URL(route.request().url()).searchParams.get('side') as Side;
      if (route.request().method() !== 'GET' || !(which in queue.owed) || queue.owed[which] === 0) return route.fallback();
      queue.owed[which] -= 1;
      queue.held[which].push(route);
    });
    await ctx.page.goto(`/campaigns/${id}/devices`);
    await ctx.page.getByRole('heading', { name: `Devices of QA devices ${u}` }).waitFor();
  },
  act: {
    "the campaign's devices load (Lobby)": (ctx) => answer(ctx, 'participating', 'load'),
    "loading the campaign's devices fails": (ctx) => answer(ctx, 'participating', 'fail'),
    'the available devices load (Window, Hall)': (ctx) => answer(ctx, 'available', 'load'),
    'loading the available devices fails': (ctx) => answer(ctx, 'available', 'fail'),
    'search the campaign\'s devices for "lob"': async (ctx) => {
      expectLoad(ctx, 'participating');
      // The box sends a change only: typed again, "lob" goes in capitals (the search ignores case).
      const box = ctx.page.getByRole('searchbox', { name: `${label('participating')}: Search` });
      await box.fill((await box.inputValue()) === 'lob' ? 'LOB' : 'lob');
    },
    'show only online available devices': async (ctx) => {
      expectLoad(ctx, 'available');
      await ctx.page.getByRole('combobox', { name: `${label('available')}: Status` }).selectOption('online');
    },
    'press "Retry" on the campaign\'s devices': async (ctx) => {
      expectLoad(ctx, 'participating');
      await side(ctx, 'participating').getByRole('button', { name: 'Retry' }).click();
    },
    'press "Retry" on the available devices': async (ctx) => {
      expectLoad(ctx, 'available');
      await side(ctx, 'available').getByRole('button', { name: 'Retry' }).click();
    },
    'move Window into the campaign': (ctx) => ctx.page.getByRole('button', { name: `Add ${names(ctx).window} to the campaign` }).click(),
    'move Lobby out of the campaign': (ctx) => ctx.page.getByRole('button', { name: `Remove ${names(ctx).lobby} from the campaign` }).click(),
    'move Window back out': (ctx) => ctx.page.getByRole('button', { name: `Remove ${names(ctx).window} from the campaign` }).click(),
    'press "Discard changes"': (ctx) => ctx.page.getByRole('button', { name: 'Discard changes' }).click(),
    'press "Save"': (ctx) => saveButton(ctx).click(),
    // A save reloads both sides: each side that is not loading now owes the path that load.
    'the server saves the set': async (ctx) => {
      const queue = holds(ctx);
      for (const which of ['participating', 'available'] as const) if (queue.owed[which] === 0 && queue.held[which].length === 0) expectLoad(ctx, which);
      await releaseSave(ctx);
    },
    'the server refuses: screen position mismatch': releaseSave,
    'the network is down during the save': releaseSave,
    // The file is the one the outcome that follows names (arranged with it).
    'import an xlsx file': async (ctx) => ctx.page.getByTestId('campaign-import-file').setInputFiles(await spreadsheet(ctx, ctx.data.file as 'hall' | 'nothing' | 'unreadable')),
    // After a failed multiply its dialog is still open, the campaigns ticked.
    'multiply into campaigns 5 and 6': async (ctx) => {
      if (!(await dialog(ctx).isVisible())) await ctx.page.getByRole('button', { name: 'Multiply', exact: true }).click();
      await dialog(ctx).getByRole('checkbox', { name: names(ctx).spring }).check();
      await dialog(ctx).getByRole('checkbox', { name: names(ctx).summer }).check();
      await dialog(ctx).getByRole('button', { name: 'Multiply', exact: true }).click();
    },
    'close the result': async (ctx) => {
      await dialog(ctx).getByRole('button', { name: 'Close', exact: true }).last().click();
      await dialog(ctx).waitFor({ state: 'detached' });
    },
  },
  arrange: {
    'the file names Hall and 1 unknown serial': async (ctx) => {
      ctx.data.file = 'hall';
    },
    'the file names no device': async (ctx) => {
      ctx.data.file = 'nothing';
    },
    'the file cannot be read': async (ctx) => {
      ctx.data.file = 'unreadable';
    },
    'the server refuses: screen position mismatch': (ctx) =>
      failNext(ctx.page, 'PUT', SAVE_URL, 400, { detail: 'Device and campaing screen position mismatch', code: 'position_mismatch', fields: { 'devices.2': 'position_mismatch' } }),
    'the network is down during the save': (ctx) => dropNext(ctx.page, 'PUT', SAVE_URL),
    'multiplying fails': (ctx) => dropNext(ctx.page, 'POST', MULTIPLY_URL),
  },
  shows: {
    'participating.ready': (ctx) => ready(ctx, 'participating'),
    'available.ready': (ctx) => ready(ctx, 'available'),
    'participating.failed': (ctx) => failed(ctx, 'participating'),
    'available.failed': (ctx) => failed(ctx, 'available'),
    'changes.clean': async (ctx) => {
      await pendingLine(ctx).waitFor({ state: 'detached' });
      await saveButton(ctx).and(ctx.page.locator(':disabled')).waitFor();
    },
    'changes.dirty': (ctx) => pendingLine(ctx).waitFor(),
  },
};
