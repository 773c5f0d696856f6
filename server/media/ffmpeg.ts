import { formatQueryValue, type EncodingPreset } from '../../src/services/schemas/directory.ts';
import type { MediaKind } from '../../src/services/schemas/media.ts';
import { ffmpegPath, ffprobePath, lastLine, runTool, ToolError } from './tools.ts';

/** How long a still image plays in its rendered clip. */
export const IMAGE_CLIP_SECONDS = 10;
const PREVIEW_WIDTH = 480;

export interface ProbeResult {
  duration: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  /** Degrees the picture is turned on display (the rotation tag or display matrix): 0, 90, 180 or 270. */
  rotation: number;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: { rotation?: number }[];
}

/** The quarter turn a stream is shown at: a display matrix's rotation (newer ffprobe), else the older rotate tag. */
function rotationOf(stream: FfprobeStream): number {
  const matrix = stream.side_data_list?.find((data) => typeof data.rotation === 'number')?.rotation;
  const degrees = matrix ?? Number(stream.tags?.rotate ?? 0);
  if (!Number.isFinite(degrees)) return 0;
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

/** A file's screen position from its picture as shown: taller than wide (after its rotation) is vertical (issue 24). */
export function probedPosition(probe: Pick<ProbeResult, 'width' | 'height' | 'rotation'>): 'horizontal' | 'vertical' {
  const turned = probe.rotation % 180 === 90;
  const [width, height] = turned ? [probe.height ?? 0, probe.width ?? 0] : [probe.width ?? 0, probe.height ?? 0];
  return height > width ? 'vertical' : 'horizontal';
}

/** Reads ffprobe's JSON; throws when there is no picture to show. */
export function readProbe(json: string, kind: MediaKind): ProbeResult {
  const data = JSON.parse(json) as { streams?: FfprobeStream[]; format?: { duration?: string } };
  const video = (data.streams ?? []).find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  if (!video || !video.width || !video.height) throw new Error('The file has no picture (no video stream).');
  const seconds = Number(data.format?.duration ?? video.duration);
  return {
    duration: kind === 'video' && Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 100) / 100 : null,
    width: video.width,
    height: video.height,
    videoCodec: video.codec_name ?? null,
    rotation: rotationOf(video),
  };
}

export function probeArgs(source: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', source];
}

/** One JPEG frame, at most PREVIEW_WIDTH wide: a second into a video (or its middle when shorter), the image itself. */
export function previewArgs(source: string, output: string, kind: MediaKind, duration: number | null): string[] {
  const seek = kind === 'video' ? ['-ss', String(Math.min(1, (duration ?? 0) / 2))] : [];
  return [
    '-hide_banner', '-nostdin', '-y', ...seek, '-i', source,
    '-frames:v', '1', '-vf', `scale='min(${PREVIEW_WIDTH},iw)':-2`,
    '-q:v', '4', '-c:v', 'mjpeg', '-f', 'mjpeg', output,
  ];
}

/**
 * Renders into a Directory preset: scaled to fit, padded to exactly W x H, at the preset's frame rate and codec.
 * A still image becomes an IMAGE_CLIP_SECONDS clip.
 */
export function renderArgs(source: string, output: string, kind: MediaKind, preset: EncodingPreset): string[] {
  const { width: w, height: h, fps, codec } = preset;
  const input = kind === 'image' ? ['-loop', '1', '-i', source, '-t', String(IMAGE_CLIP_SECONDS)] : ['-i', source];
  const encoder = codec === 'hevc' ? ['-c:v', 'libx265', '-tag:v', 'hvc1', '-x265-params', 'log-level=error'] : ['-c:v', 'libx264'];
  return [
    '-hide_banner', '-nostdin', '-y', ...input,
    '-vf', `scale=${w}:${h}:force_original_aspect_ratio=decrease,pad=${w}:${h}:(ow-iw)/2:(oh-ih)/2,setsar=1`,
    '-r', String(fps), ...encoder, '-preset', 'veryfast', '-pix_fmt', 'yuv420p',
    ...(kind === 'video' ? ['-c:a', 'aac', '-b:a', '128k'] : ['-an']),
    '-movflags', '+faststart', '-f', 'mp4', output,
  ];
}

function describe(error: unknown, what: string): Error {
  if (error instanceof ToolError) {
    const detail = lastLine(error.stderr);
    return new Error(`${what} failed: ${error.message}${detail ? ` (${detail})` : ''}`);
  }
  return error instanceof Error ? new Error(`${what} failed: ${error.message}`) : new Error(`${what} failed.`);
}

export async function probe(source: string, kind: MediaKind, signal: AbortSignal): Promise<ProbeResult> {
  let json: string;
  try {
    json = await runTool(ffprobePath(), probeArgs(source), { signal, timeoutMs: 120_000 });
  } catch (error) {
    throw describe(error, 'Reading the file');
  }
  return readProbe(json, kind);
}

export async function makePreview(source: string, output: string, kind: MediaKind, duration: number | null, signal: AbortSignal): Promise<void> {
  try {
    await runTool(ffmpegPath(), previewArgs(source, output, kind, duration), { signal, timeoutMs: 300_000 });
  } catch (error) {
    throw describe(error, 'Making the preview');
  }
}

export async function render(source: string, output: string, kind: MediaKind, preset: EncodingPreset, signal: AbortSignal): Promise<void> {
  try {
    await runTool(ffmpegPath(), renderArgs(source, output, kind, preset), { signal, timeoutMs: 6 * 3600_000 });
  } catch (error) {
    throw describe(error, `Rendering into ${formatQueryValue(preset)}`);
  }
}
