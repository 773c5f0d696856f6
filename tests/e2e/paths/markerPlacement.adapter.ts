import markerPlacement from '../../model/navigation/markerPlacement.qa.ts';
import type { Adapter, ReplayContext } from './replay.ts';
import { dragOnLayout, navigationDevice, onLayout } from './seed.ts';

type Point = { x: number; y: number };
const stage = (ctx: ReplayContext) => ctx.page.getByTestId('layout-stage');
const placing = (ctx: ReplayContext, value: boolean) => stage(ctx).and(ctx.page.locator(`[data-placing="${value}"]`)).waitFor();
const panel = (ctx: ReplayContext) => ctx.page.getByRole('heading', { name: 'New marker' });
const newPoint = (ctx: ReplayContext) => ctx.data.point as Point;

/** The map of a device whose office has one object with a layout, that object chosen under "Object". */
export const markerPlacementAdapter: Adapter = {
  qa: markerPlacement,
  async start(ctx) {
    const made = await navigationDevice(ctx);
    await ctx.page.goto(`/navigation/${made.device}`);
    await ctx.page.getByRole('combobox', { name: 'Object' }).click();
    await ctx.page.getByRole('option', { name: 'Floor 1' }).click();
    await onLayout(ctx, 0, 0);
  },
  act: {
    'press "Add marker"': (ctx) => ctx.page.getByRole('button', { name: 'Add marker' }).click(),
    // A marker added by an earlier step of the path may sit at 25 %, 50 %: the click lands on it and still places.
    'click the layout at 25 % across, half-way down': async (ctx) => {
      const at = await onLayout(ctx, 0.25, 0.5);
      await ctx.page.mouse.click(at.x, at.y);
      ctx.data.point = { x: 0.25, y: 0.5 };
    },
    // The device's own marker stands at 50 %, 50 % until it is moved.
    "click the screen's own marker (the middle of the layout)": async (ctx) => {
      const at = await onLayout(ctx, 0.5, 0.5);
      await ctx.page.mouse.click(at.x, at.y);
      ctx.data.point = { x: 0.5, y: 0.5 };
    },
    // Beside the layout: in the stage's margin around the picture, or just past its right edge.
    'click beside the layout': async (ctx) => {
      const box = (await stage(ctx).boundingBox())!;
      const right = await onLayout(ctx, 1, 0.5);
      await ctx.page.mouse.click(Math.min(right.x + 8, box.x + box.width - 2), right.y);
    },
    'drag the new marker to 30 % across, 60 % down': async (ctx) => {
      await dragOnLayout(ctx, newPoint(ctx), { x: 0.3, y: 0.6 });
      ctx.data.point = { x: 0.3, y: 0.6 };
    },
    'drag the new marker off the layout': (ctx) => dragOnLayout(ctx, newPoint(ctx), { x: -0.1, y: 0.5 }),
    'choose the kind "Toilet" in the side panel': async (ctx) => {
      await ctx.page.getByRole('combobox', { name: 'Icon' }).click();
      await ctx.page.getByRole('option', { name: 'Toilet' }).click();
    },
    'press "Add"': (ctx) => ctx.page.getByRole('button', { name: 'Add', exact: true }).click(),
    'press Escape (or "Cancel")': (ctx) => ctx.page.keyboard.press('Escape'),
  },
  shows: {
    idle: async (ctx) => {
      await placing(ctx, false);
      await panel(ctx).waitFor({ state: 'detached' });
      await ctx.page.getByRole('button', { name: 'Add marker' }).waitFor();
    },
    placing: async (ctx) => {
      await placing(ctx, true);
      await ctx.page.getByRole('status').filter({ hasText: 'Click the layout where the marker goes, or press Escape.' }).waitFor();
    },
    placed: async (ctx) => {
      await placing(ctx, false);
      await panel(ctx).waitFor();
      await ctx.page.getByRole('combobox', { name: 'Icon' }).filter({ hasNotText: 'Toilet' }).waitFor();
    },
    editing: async (ctx) => {
      await panel(ctx).waitFor();
      await ctx.page.getByRole('combobox', { name: 'Icon' }).filter({ hasText: 'Toilet' }).waitFor();
    },
  },
};
