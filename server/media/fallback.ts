import { hashFile } from './checksums.ts';
import type { MediaStore } from './storage.ts';
import { runTool, lastLine, ToolError, ffmpegPath } from './tools.ts';

/*
 * Fallback renders (issue 24): H.264 for devices that decode neither a file's source nor a Directory preset's render,
 * at the size the compile chose (the source fitted into the device's largest video, renditions.ts). Made by the
 * media worker like any render, written through the media store (fallbackKey: a named render), checked by SHA-256 like the source.
 */

/** ffmpeg arguments: scaled to exactly `size` (the aspect ratio is already the source's), H.264 + AAC, fast start. */
export function fallbackArgs(source: string, output: string, size: string): string[] {
  const [width, height] = size.split('x');
  return [
    '-hide_banner', '-nostdin', '-y', '-i', source,
    '-vf', `scale=${width}:${height},setsar=1`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-profile:v', 'high',
    '-c:a', 'aac', '-b:a', '128k',
    '-movflags', '+faststart', '-f', 'mp4', output,
  ];
}

export async function renderFallback(source: string, output: string, size: string, signal: AbortSignal): Promise<void> {
  try {
    await runTool(ffmpegPath(), fallbackArgs(source, output, size), { signal, timeoutMs: 6 * 3600_000 });
  } catch (error) {
    const detail = error instanceof ToolError ? lastLine(error.stderr) : '';
    throw new Error(`Rendering the H.264 fallback ${size} failed: ${error instanceof Error ? error.message : String(error)}${detail ? ` (${detail})` : ''}`);
  }
}

export { hashFile };

const FALLBACK_SIZE = /^[1-9]\d{0,4}x[1-9]\d{0,4}$/;
export const isFallbackSize = (size: string) => FALLBACK_SIZE.test(size);

/** Where a fallback of `size` ("1280x720") is kept: a named render of the file (`render-fallback-1280x720.mp4`). */
export function fallbackKey(store: Pick<MediaStore, 'renderKey'>, mediaId: number, size: string): string {
  if (!isFallbackSize(size)) throw new Error(`invalid fallback size ${size}`);
  return store.renderKey(mediaId, `fallback-${size}`);
}
