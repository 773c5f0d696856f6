import type { Route } from 'playwright-core';
import { expect, vi } from 'vitest';
import deviceNavigationEditor from '../../model/navigation/deviceNavigationEditor.qa.ts';
import { makeFixtures } from '../../api/media-fixtures.ts';
import { dropNext, failNext, type Adapter, type ReplayContext } from './replay.ts';
import { dragOnLayout, navigationDevice, ok, onLayout } from './seed.ts';

type Point = { x: number; y: number };
const MAP = /\/api\/v1\/navigation\/devices\/\d+\/$/;
const SEND_URL = /\/api\/v1\/navigation\/devices\/\d+\/send\//;
// The catalogue's saved map is the loaded one again (Floor 1, the toilet, nothing added): the real server keeps what was applied.
const SAVED_MAP = "the catalogue's saved map comes back as loaded (Floor 1, the toilet marker, nothing added), the real server keeps what was applied";

const applyButton = (ctx: ReplayContext) => ctx.page.getByRole('button', { name: 'Apply', exact: true });
const sendButton = (ctx: ReplayContext) => ctx.page.getByRole('button', { name: 'Send changes to device' });
const unapplied = (ctx: ReplayContext) => ctx.page.getByText('There are unapplied changes: apply them before sending.');
const toiletButton = (ctx: ReplayContext) => ctx.page.getByRole('list', { name: 'Markers' }).getByRole('button', { name: /^Toilet at / });
const toiletCheckbox = (ctx: ReplayContext) => ctx.page.getByRole('checkbox', { name: /^Toilet at / });
// The editor's own question before another object drops unapplied changes (leaving the page is the shared leave
// question's, checked in tests/e2e/navigation.test.ts).
const switchQuestion = (ctx: ReplayContext) => ctx.page.getByRole('alertdialog', { name: 'Switch to another object?' });
// The side panel's colour and photo are plain inputs under their Field labels.
const panel = (ctx: ReplayContext) => ctx.page.locator('section[aria-labelledby="marker-panel-title"]');
const point = (ctx: ReplayContext, name: 'toilet' | 'own') => ctx.data[name] as Point;

/** The device map's write (the last request of "Apply") is held until the path says how it ends. */
async function releaseApply(ctx: ReplayContext): Promise<void> {
  const held = ctx.data.held as Route[];
  await vi.waitFor(() => expect(held.length, 'the page sends the map').toBeGreaterThan(0), { timeout: 15_000, interval: 50 });
  await held.shift()!.fallback();
}

/** Selects the toilet marker from the list of markers (its side panel opens). */
async function selectToilet(ctx: ReplayContext): Promise<void> {
  await toiletButton(ctx).click();
  await ctx.page.getByRole('heading', { name: /^Toilet at / }).waitFor();
}

/**
 * /navigation/<device> of a device the path makes through the API: its office has the objects Floor 1 and Floor 2
 * (layouts), Floor 1 a toilet marker at 10 %, 50 % and another screen's marker at 90 %, 50 %; the device's map is
 * Floor 1 with the screen at 50 %, 50 %.
 */
export const deviceNavigationEditorAdapter: Adapter = {
  qa: deviceNavigationEditor,
  // Each start holds the page's map writes with a handler of its own: a fresh page each.
  onePage: false,
  unsupported: {
    'choose the object "Floor 2"': SAVED_MAP,
    'choose the object "Floor 1" (the one shown)': SAVED_MAP,
    'place a toilet marker at 40 % across, 40 % down': `${SAVED_MAP}; placing a marker is exported with markerPlacement`,
    'delete the toilet marker': SAVED_MAP,
    'resize the media placeholder to the right half': 'a drag on the placeholder drawing; not exported',
  },
  async start(ctx) {
    const made = await navigationDevice(ctx, ['Floor 1', 'Floor 2']);
    const floor = made.objects[0]!;
    const other = ok('device', await ctx.admin.client.post('/tvpi/devices/create/', { sn: `QA-NAV-2-${ctx.unique}`, name: `QA other ${ctx.unique}`, office: made.office, user: 1 })).body.id;
    ok('toilet', await ctx.admin.client.post('/navigation/markers/create/', { object: floor, kind: 'toilet', x: 0.1, y: 0.5 }));
    ok('other screen', await ctx.admin.client.post('/navigation/markers/create/', { object: floor, kind: 'device', device: other, x: 0.9, y: 0.5 }));
    ok('map', await ctx.admin.client.put(`/navigation/devices/${made.device}/`, { object: floor, x: 0.5, y: 0.5, comment: '' }));
    Object.assign(ctx.data, { device: made.device, toilet: { x: 0.1, y: 0.5 }, own: { x: 0.5, y: 0.5 }, held: [] });
    await ctx.page.route(MAP, (route) => (route.request().method() === 'PUT' ? void (ctx.data.held as Route[]).push(route) : route.fallback()));
    await ctx.page.goto(`/navigation/${made.device}`);
  },
  act: {
    'press "Retry"': (ctx) => ctx.page.getByRole('alert').getByRole('button', { name: 'Retry' }).click(),
    // A comment applied earlier in the path is on the server already: it is typed again from an empty box.
    'type the comment "Near the lifts"': async (ctx) => {
      const box = ctx.page.getByRole('textbox', { name: 'Comment' });
      if ((await box.inputValue()) !== 'Near the lifts') return box.fill('Near the lifts');
      await box.fill('');
      await box.pressSequentially('Near the lifts');
    },
    "drag the screen's own marker to 20 % across, 30 % down": async (ctx) => {
      await dragOnLayout(ctx, point(ctx, 'own'), { x: 0.2, y: 0.3 });
      ctx.data.own = { x: 0.2, y: 0.3 };
    },
    'drag the toilet marker to 70 % across, 10 % down': async (ctx) => {
      await dragOnLayout(ctx, point(ctx, 'toilet'), { x: 0.7, y: 0.1 });
      ctx.data.toilet = { x: 0.7, y: 0.1 };
    },
    // Another screen's marker does not move: the drag pans the layout at most.
    "drag another screen's marker": (ctx) => dragOnLayout(ctx, { x: 0.9, y: 0.5 }, { x: 0.8, y: 0.4 }),
    // Selected from the list of markers, then the arrow key on the layout.
    'press the right arrow with the toilet marker selected': async (ctx) => {
      await selectToilet(ctx);
      await ctx.page.getByTestId('layout-stage').focus();
      await ctx.page.keyboard.press('ArrowRight');
      const toilet = point(ctx, 'toilet');
      ctx.data.toilet = { x: toilet.x + 0.005, y: toilet.y };
    },
    'colour the toilet marker red in the side panel': async (ctx) => {
      if (!(await ctx.page.getByRole('heading', { name: /^Toilet at / }).isVisible())) await selectToilet(ctx);
      await panel(ctx).locator('input[type="color"]').fill('#ff0000');
    },
    'give the toilet marker a photo': async (ctx) => {
      if (!(await ctx.page.getByRole('heading', { name: /^Toilet at / }).isVisible())) await selectToilet(ctx);
      await panel(ctx).locator('input[type="file"]').setInputFiles((await makeFixtures()).png);
      await ctx.page.getByText('A new photo is picked; it is sent with Apply.').waitFor();
    },
    'select the toilet marker': (ctx) => toiletButton(ctx).click(),
    'untick the toilet marker under "Shown on this screen"': (ctx) => toiletCheckbox(ctx).uncheck(),
    'tick the toilet marker under "Shown on this screen"': (ctx) => toiletCheckbox(ctx).check(),
    'press "Select all" under "Shown on this screen"': (ctx) => ctx.page.getByRole('button', { name: 'Select all' }).click(),
    'press "Select none" under "Shown on this screen"': (ctx) => ctx.page.getByRole('button', { name: 'Select none' }).click(),
    'press "Apply"': (ctx) => applyButton(ctx).click(),
    'answer "Switch" to the question about another object': (ctx) => switchQuestion(ctx).getByRole('button', { name: 'Switch' }).click(),
    'answer "Stay" to the question about another object': (ctx) => switchQuestion(ctx).getByRole('button', { name: 'Stay' }).click(),
    'press "Send changes to device"': (ctx) => sendButton(ctx).click(),
    'the server saves the changes': releaseApply,
    'the server refuses the changes (validation error)': releaseApply,
  },
  arrange: {
    'the server fails to load the map': (ctx) => failNext(ctx.page, 'GET', MAP, 500, { detail: 'Boom.', code: 'server_error' }),
    'the server refuses the changes (validation error)': (ctx) => failNext(ctx.page, 'PUT', MAP, 400, { detail: 'No.', code: 'validation_error', fields: {} }),
    'the network is down while sending': (ctx) => dropNext(ctx.page, 'POST', SEND_URL),
  },
  shows: {
    loadFailed: (ctx) => ctx.page.getByRole('alert').filter({ hasText: 'Navigation data load error' }).getByRole('button', { name: 'Retry' }).waitFor(),
    editing: (ctx) => onLayout(ctx, 0, 0).then(() => undefined),
    'editing.clean': async (ctx) => {
      await sendButton(ctx).and(ctx.page.locator(':enabled')).waitFor();
      await applyButton(ctx).and(ctx.page.locator(':disabled')).waitFor();
      await unapplied(ctx).waitFor({ state: 'detached' });
    },
    'editing.dirty': async (ctx) => {
      await unapplied(ctx).waitFor();
      await applyButton(ctx).and(ctx.page.locator(':enabled')).waitFor();
      await sendButton(ctx).and(ctx.page.locator(':disabled')).waitFor();
    },
    confirmingLeave: (ctx) => switchQuestion(ctx).waitFor(),
  },
};
