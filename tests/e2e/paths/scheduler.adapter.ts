import scheduler from '../../model/scheduler/scheduler.qa.ts';
import { amendNext, dropNext, failNext, type Adapter, type ReplayContext } from './replay.ts';
import { committedPlaylist, ok } from './seed.ts';

const EVENTS = /\/api\/v1\/scheduler\/events\//;
const PUBLISH = /\/api\/v1\/scheduler\/publish\/\d+\//;
const PREVIEW = /\/api\/v1\/scheduler\/publish\/\d+\/preview\//;
const LEFT_OUT = 'left to tests/e2e/scheduler.test.ts (drags on the calendar, the event form, paging): this export plays the loading and the publish';
const onCampaign = (ctx: ReplayContext) => ctx.data.start === "one campaign's calendar";
const status = (ctx: ReplayContext, words: string) => ctx.page.getByRole('status').filter({ hasText: words }).waitFor();
const event = (ctx: ReplayContext) => ctx.page.getByText(`QA event ${ctx.unique}`).first();
const publish = (ctx: ReplayContext) => ctx.page.getByRole('button', { name: 'Publish', exact: true });
const confirmation = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: 'Publish with warnings?' });

async function publishNow(ctx: ReplayContext): Promise<void> {
  ok('publish', await ctx.admin.client.post(`/scheduler/publish/${ctx.data.campaign}/`, {}));
}

/**
 * The calendar of a campaign the path makes through the API (a device in it, a committed playlist, an all-day event
 * today, not published), or of every campaign: its loading and its publish.
 */
export const schedulerAdapter: Adapter = {
  qa: scheduler,
  // A fresh page each: the calendar left by the previous path still asks for its events while the next one opens.
  onePage: false,
  unsupported: {
    'go to the next month': LEFT_OUT,
    'show only campaign 9': LEFT_OUT,
    'the event form saves "Lunch offers"': LEFT_OUT,
    'drag "Morning news" one day later': LEFT_OUT,
    "drag Tuesday's \"Morning news\" (a weekly repeat) to Wednesday": LEFT_OUT,
    'stretch an occurrence of "Morning news" to end the next morning': LEFT_OUT,
    'delete "Morning news" (confirmed)': LEFT_OUT,
  },
  async start(ctx, start) {
    ctx.data.start = start;
    const device = ok('device', await ctx.admin.client.post('/tvpi/devices/create/', { sn: `QA-SCH-${ctx.unique}`, name: `QA screen ${ctx.unique}`, position: 'horizontal', user: 1 })).body;
    const campaign = ok('campaign', await ctx.admin.client.post('/campaigns/create/', { name: `QA calendar ${ctx.unique}`, screen_position: 'horizontal', user: 1 })).body;
    ctx.data.campaign = campaign.id;
    ok('campaign devices', await ctx.admin.client.put(`/campaigns/${campaign.id}/devices/`, { devices: [device.id], user: 1 }));
    const playlist = await committedPlaylist(ctx, `QA news ${ctx.unique}`, false);
    const today = new Date().toISOString().slice(0, 10);
    ok(
      'event',
      await ctx.admin.client.post('/scheduler/events/create/', { campaign: campaign.id, title: `QA event ${ctx.unique}`, playlist: playlist.id, all_day: true, start_date: today, end_date: today, devices: [device.id] }),
    );
    if (ctx.data.publishFirst) await publishNow(ctx);
    await ctx.page.goto(start === "one campaign's calendar" ? `/campaigns/${campaign.id}/scheduler` : '/scheduler');
  },
  act: {
    'press "Retry"': async (ctx) => {
      ctx.data.offline = false;
      await ctx.page.getByRole('alert').getByRole('button', { name: 'Retry' }).click();
    },
    'press "Publish"': (ctx) => publish(ctx).click(),
    'close the message of what screens cannot play': (ctx) => ctx.page.getByRole('button', { name: 'Close the message about what screens cannot play' }).click(),
    'press "Publish anyway" in the confirmation': (ctx) => confirmation(ctx).getByRole('button', { name: 'Publish anyway' }).click(),
    'press "Cancel" in the confirmation': async (ctx) => {
      await confirmation(ctx).getByRole('button', { name: 'Cancel' }).click();
      await confirmation(ctx).waitFor({ state: 'detached' });
    },
    'close the uncommitted-playlists message': (ctx) => ctx.page.getByRole('alert').filter({ hasText: 'Uncommited playlists found!' }).getByRole('button', { name: 'Close' }).click(),
  },
  arrange: {
    // The path's event is made unpublished; this load is of it published (before the screen opens, or after).
    'the events load, all published': async (ctx) => {
      if (ctx.data.campaign) await publishNow(ctx);
      else ctx.data.publishFirst = true;
    },
    // Every load of the events fails until "Retry" (the calendar asks again when it has measured its range).
    'loading the events fails': async (ctx) => {
      ctx.data.offline = true;
      await ctx.page.route(EVENTS, (route) => (ctx.data.offline && route.request().method() === 'GET' ? route.abort('internetdisconnected') : route.fallback()));
    },
    // The real server publishes; its answer names a video that 3 screens wait for (no conversion is under way here).
    'the server publishes, warning that 3 screens wait for a render of "Promo.mp4"': (ctx) =>
      amendNext(ctx.page, 'POST', PUBLISH, (body) => ({ ...body, warnings: [{ media: 7, name: 'Promo.mp4', devices: 3, reason: 'rendering' }] })),
    'the server refuses: playlist "Morning news" is not committed': (ctx) =>
      failNext(ctx.page, 'POST', PUBLISH, 409, { detail: 'Uncommited playlists found!', code: 'uncommitted_playlists', playlists: [{ id: 4, name: 'Morning news' }] }),
    'the network is down during the publish': (ctx) => dropNext(ctx.page, 'POST', PUBLISH),
    // The path's picture plays everywhere: what the check would say of a video still converting is put in its answer.
    'the server says 3 screens cannot play "Promo.mp4" yet (converting it)': (ctx) =>
      amendNext(ctx.page, 'GET', PREVIEW, (body) => ({ ...body, devices: 5, warnings: [{ media: 7, name: 'Promo.mp4', devices: 3, reason: 'rendering', screens: ['Hall 1', 'Hall 2', 'Hall 3'] }] })),
    'the network is down during the check': (ctx) => dropNext(ctx.page, 'GET', PREVIEW),
    'the server says playlist "Morning news" is not committed, and 3 screens cannot play "Promo.mp4" yet': (ctx) =>
      amendNext(ctx.page, 'GET', PREVIEW, (body) => ({
        ...body,
        warnings: [{ media: 7, name: 'Promo.mp4', devices: 3, reason: 'rendering', screens: ['Hall 1', 'Hall 2', 'Hall 3'] }],
        uncommitted: [{ id: 4, name: 'Morning news' }],
      })),
  },
  shows: {
    failed: (ctx) => ctx.page.getByRole('alert').filter({ hasText: 'Oops. Something went wrong. Try to reload page' }).getByRole('button', { name: 'Retry' }).waitFor(),
    'ready.published': async (ctx) => {
      await event(ctx).waitFor();
      if (onCampaign(ctx)) {
        await status(ctx, 'All events are published');
        await publish(ctx).and(ctx.page.locator(':disabled')).waitFor();
      } else await ctx.page.getByTitle(`QA event ${ctx.unique}`, { exact: true }).first().waitFor();
    },
    'ready.unpublished': async (ctx) => {
      await event(ctx).waitFor();
      if (onCampaign(ctx)) {
        await status(ctx, 'Unpublished changes: screens do not show them until you publish');
        await publish(ctx).and(ctx.page.locator(':enabled')).waitFor();
      } else await ctx.page.getByTitle(`QA event ${ctx.unique} (not published)`, { exact: true }).first().waitFor();
    },
    'ready.confirming': async (ctx) => {
      await confirmation(ctx).getByRole('button', { name: 'Publish anyway' }).waitFor();
      await confirmation(ctx).getByText(/Promo\.mp4|Could not check/).first().waitFor();
    },
    'ready.uncommitted': (ctx) => ctx.page.getByRole('alert').filter({ hasText: 'Uncommited playlists found!' }).waitFor(),
  },
};
