import fs from 'node:fs';
import path from 'node:path';
import type { Request, Route } from 'playwright-core';
import upload from '../../model/media/upload.qa.ts';
import { MAX_MEDIA_FILE_BYTES } from '../../../src/services/schemas/media.ts';
import { makeFixtures } from '../../api/media-fixtures.ts';
import { tempDir } from '../../helpers/browser.ts';
import type { Adapter, ReplayContext } from './replay.ts';

const CREATE = /\/api\/v1\/media\/files\/create\//;

let files: Promise<{ clip: string; poster: string; huge: string }> | undefined;

/** A real video and image named as the catalogue names them, and a sparse file one byte over the limit. */
function fixtures() {
  files ??= (async () => {
    const made = await makeFixtures();
    const dir = tempDir('vitrine-upload-paths-');
    const clip = path.join(dir, 'clip.mp4');
    const poster = path.join(dir, 'poster.png');
    const huge = path.join(dir, 'huge.mp4');
    fs.copyFileSync(made.video, clip);
    fs.copyFileSync(made.png, poster);
    fs.closeSync(fs.openSync(huge, 'w'));
    fs.truncateSync(huge, MAX_MEDIA_FILE_BYTES + 1);
    return { clip, poster, huge };
  })();
  return files;
}

/**
 * Each file's request is held on the network until the path says how it ends: the real server stores it, or
 * refuses it (a refusal the test files would not earn is given on the network); a cancelled one is dropped by the app.
 */
interface Held {
  routes: Route[];
  waiting: Array<(route: Route) => void>;
}

function held(ctx: ReplayContext): Held {
  return ctx.data.held as Held;
}

async function nextHeld(ctx: ReplayContext): Promise<Route> {
  const queue = held(ctx);
  const route = queue.routes.shift();
  if (route) return route;
  return new Promise((resolve) => queue.waiting.push(resolve));
}

const dialog = (ctx: ReplayContext) => ctx.page.getByRole('dialog', { name: 'Add media' });
const item = (ctx: ReplayContext, name: string) => dialog(ctx).getByRole('listitem', { name: `File ${name}` });

/** The add-media dialog of /media. */
export const uploadAdapter: Adapter = {
  qa: upload,
  // Each start holds the page's upload requests with a handler of its own: a fresh page each.
  onePage: false,
  unsupported: { 'half of clip.mp4 is sent': "progress comes from the browser's upload events, not from a user" },
  async start(ctx) {
    const queue: Held = { routes: [], waiting: [] };
    ctx.data.held = queue;
    await ctx.page.route(CREATE, (route) => {
      const waiter = queue.waiting.shift();
      if (waiter) waiter(route);
      else queue.routes.push(route);
    });
    // A request the app cancels leaves the queue.
    ctx.page.on('requestfailed', (request: Request) => {
      queue.routes = queue.routes.filter((route) => route.request() !== request);
    });
    await fixtures();
    await ctx.page.goto('/media', { waitUntil: 'networkidle' });
    await ctx.page.getByRole('button', { name: 'Add media' }).click();
  },
  act: {
    'pick clip.mp4 (1000 bytes) and poster.png (500 bytes)': async (ctx) => {
      const { clip, poster } = await fixtures();
      await dialog(ctx).getByLabel('Choose files').setInputFiles([clip, poster]);
    },
    'pick huge.mp4, one byte over 250 MB': async (ctx) => {
      await dialog(ctx).getByLabel('Choose files').setInputFiles([(await fixtures()).huge]);
    },
    'remove poster.png from the list': (ctx) => dialog(ctx).getByRole('button', { name: 'Remove poster.png' }).click(),
    'clear the name of clip.mp4': (ctx) => item(ctx, 'clip.mp4').getByLabel('Name').fill(''),
    'name clip.mp4 "Clip"': (ctx) => item(ctx, 'clip.mp4').getByLabel('Name').fill('Clip'),
    'press "Upload"': (ctx) => dialog(ctx).getByRole('button', { name: 'Upload', exact: true }).click(),
    'the server stores the file': async (ctx) => (await nextHeld(ctx)).continue(),
    'the server refuses the file (invalid content format)': async (ctx) =>
      (await nextHeld(ctx)).fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ detail: 'Invalid content format!', code: 'invalid_content_format', fields: { 'src_file[0]': 'invalid_content_format' } }),
      }),
    'cancel clip.mp4': (ctx) => dialog(ctx).getByRole('button', { name: 'Cancel upload of clip.mp4' }).click(),
    'cancel poster.png': (ctx) => dialog(ctx).getByRole('button', { name: 'Cancel upload of poster.png' }).click(),
    'press "Cancel all"': (ctx) => dialog(ctx).getByRole('button', { name: 'Cancel all' }).click(),
    'retry clip.mp4': (ctx) => dialog(ctx).getByRole('button', { name: 'Retry upload of clip.mp4' }).click(),
    // The dialog's "Close" ends the batch; the next "Add media" opens an empty one.
    'press "Upload more"': async (ctx) => {
      await dialog(ctx).getByRole('button', { name: 'Close' }).click();
      await ctx.page.getByRole('button', { name: 'Add media' }).click();
    },
  },
  shows: {
    editing: (ctx) => dialog(ctx).getByRole('button', { name: 'Upload', exact: true }).waitFor(),
    'uploading.sending': (ctx) => dialog(ctx).getByRole('button', { name: 'Cancel all' }).waitFor(),
    finished: (ctx) => dialog(ctx).getByRole('status').filter({ hasText: /uploaded, \d+ failed, \d+ cancelled/ }).waitFor(),
  },
};
