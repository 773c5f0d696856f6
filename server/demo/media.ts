import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DeviceType } from '../../src/services/schemas/devices.ts';
import type { ScreenPosition } from '../../src/services/schemas/media.ts';
import type { AppContext } from '../context.ts';
import { findDirectoryQueryByName, insertDirectoryQuery } from '../db/directory.ts';
import { hashFile } from '../media/checksums.ts';
import { commitUpload } from '../media/commit.ts';
import { sniff } from '../media/sniff.ts';
import { ffmpegPath } from '../media/tools.ts';
import type { ReceivedFile } from '../media/upload.ts';

const run = promisify(execFile);

const QUERIES = [
  { name: 'Full HD landscape', value: '1920 x 1080 @ fps=30 @ x264', type: 'video', device: 'tvpi', screen: 'horizontal', active: true },
  { name: 'Portrait kiosk', value: '1080 x 1920 @ fps=30 @ x264', type: 'video', device: 'android', screen: 'vertical', active: true },
  { name: 'Stills as clips', value: '1280 x 720 @ fps=25 @ x264', type: 'image', device: 'tvpi', screen: 'horizontal', active: true },
  { name: '4K HEVC wall', value: '3840 x 2160 @ fps=25 @ hevc', type: 'video', device: 'webos', screen: 'horizontal', active: false },
] as const;

interface DemoFile {
  file: string;
  input: string[];
  output: string[];
  name: string;
  description: string;
  screen: ScreenPosition;
  device: DeviceType;
}

const FILES: DemoFile[] = [
  { file: 'spring-sale.mp4', input: ['-f', 'lavfi', '-i', 'testsrc2=duration=6:size=1280x720:rate=25'], output: ['-pix_fmt', 'yuv420p', '-c:v', 'libx264'], name: 'Spring sale', description: 'Lobby loop, 6 s', screen: 'horizontal', device: 'tvpi' },
  { file: 'opening-hours.mp4', input: ['-f', 'lavfi', '-i', 'smptehdbars=duration=4:size=720x1280:rate=25'], output: ['-pix_fmt', 'yuv420p', '-c:v', 'libx264'], name: 'Opening hours', description: 'Portrait kiosk screen', screen: 'vertical', device: 'android' },
  { file: 'menu-board.jpg', input: ['-f', 'lavfi', '-i', 'testsrc=size=1920x1080'], output: ['-frames:v', '1'], name: 'Menu board', description: 'Cafeteria menu', screen: 'horizontal', device: 'tvpi' },
  { file: 'floor-plan.png', input: ['-f', 'lavfi', '-i', 'rgbtestsrc=size=1080x1920'], output: ['-frames:v', '1'], name: 'Floor plan', description: 'Entrance, portrait', screen: 'vertical', device: 'android' },
];

/** Demo Directory presets and a few generated media files, processed by the worker once the server runs. */
export async function loadDemoMedia(ctx: AppContext): Promise<void> {
  if (await findDirectoryQueryByName(ctx.db, QUERIES[0].name)) return;
  for (const query of QUERIES) await insertDirectoryQuery(ctx.db, { ...query });
  const store = ctx.media;
  await store.ensure();
  const workDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'vitrine-demo-media-'));
  try {
    const files: ReceivedFile[] = [];
    for (const [index, demo] of FILES.entries()) {
      const made = path.join(workDir, demo.file);
      await run(ffmpegPath(), ['-hide_banner', '-loglevel', 'error', '-y', ...demo.input, ...demo.output, made]);
      const head = await fsp.readFile(made).then((b) => b.subarray(0, 512));
      const type = sniff(head);
      if (!type) throw new Error(`demo file ${demo.file} was not recognised`);
      const sha256 = await hashFile(made);
      const tempKey = store.newTempKey();
      const bytes = await store.putFile(tempKey, made, type.mime);
      files.push({ index, field: `src_file[${index}]`, tempKey, originalName: demo.file, bytes, sha256, type });
    }
    const info = FILES.map((f) => ({ name: f.name, description: f.description, screen_position: f.screen, device_type: f.device }));
    await commitUpload(ctx.db, store, { files, info }, 1);
    console.log(`  Demo media loaded: ${FILES.length} files and ${QUERIES.length} Directory queries (processing starts with the server).`);
  } finally {
    await fsp.rm(workDir, { recursive: true, force: true });
  }
}
