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
    // A marker placed by an earlier step of the path sits at 25 %, 50 %, and a click on a marker does not place
    // one: each later click goes 10 % further right.
    'click the layout at 25 % across, half-way down': async (ctx) => {
      const clicks = (ctx.data.clicks = ((ctx.data.clicks as number | undefined) ?? 0) + 1);
      const point = { x: 0.15 + 0.1 * clicks, y: 0.5 };
      const at = await onLayout(ctx, point.x, point.y);
      await ctx.page.mouse.click(at.x, at.y);
      ctx.data.point = point;
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
