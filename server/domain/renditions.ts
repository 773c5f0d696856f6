import { parseQueryValue } from '../../src/services/schemas/directory.ts';
import type { DevicePosition, DeviceType } from '../../src/services/schemas/devices.ts';
import { DeviceCapabilities, type EffectiveCapabilities } from '../../src/services/schemas/playback.ts';

/*
 * Which file each device downloads for each scheduled media (issue 24; docs/api.md, "Renditions"):
 * 1. the ready render of an active Directory query whose device type and screen match the device, in a codec it decodes;
 * 2. else the source, when the device decodes its codec (images: its format) at its size;
 * 3. else a fallback render, H.264 at the device's largest video size (the source fitted into it), queued on the media
 *    job queue; the item leaves the file out until the render is ready (the publish warns "rendering").
 */

/** What a player of each type plays when it declares nothing (README, "Renditions"). */
export const DEVICE_TYPE_DEFAULTS: Record<DeviceType, Omit<EffectiveCapabilities, 'source' | 'screen'>> = {
  tvpi: { codecs: ['h264', 'vp8', 'vp9'], images: ['jpeg', 'png', 'webp', 'gif'], max_video: { width: 1920, height: 1080 } },
  android: { codecs: ['h264', 'hevc', 'vp8', 'vp9'], images: ['jpeg', 'png', 'webp', 'gif', 'bmp'], max_video: { width: 3840, height: 2160 } },
  windows: { codecs: ['h264', 'hevc', 'vp8', 'vp9', 'av1'], images: ['jpeg', 'png', 'webp', 'gif', 'bmp'], max_video: { width: 3840, height: 2160 } },
  webos: { codecs: ['h264', 'hevc', 'vp9'], images: ['jpeg', 'png', 'gif', 'bmp'], max_video: { width: 3840, height: 2160 } },
  tizen: { codecs: ['h264', 'vp8', 'vp9'], images: ['jpeg', 'png', 'gif', 'bmp'], max_video: { width: 3840, height: 2160 } },
  // The web player in a browser measures and declares its own; without that, what every current browser decodes.
  web: { codecs: ['h264', 'vp8', 'vp9'], images: ['jpeg', 'png', 'webp', 'gif'], max_video: { width: 1920, height: 1080 } },
};

const knownType = (type: string): DeviceType => (type in DEVICE_TYPE_DEFAULTS ? (type as DeviceType) : 'tvpi');

/** A device's capabilities: what it declared (stored JSON, checked again), each absent part from its type's defaults. */
export function effectiveCapabilities(deviceType: string, declared: unknown): EffectiveCapabilities {
  const defaults = DEVICE_TYPE_DEFAULTS[knownType(deviceType)];
  const [error, valid] = DeviceCapabilities.validate(typeof declared === 'string' ? safeJson(declared) : declared);
  if (error || !valid) return { ...defaults, screen: null, source: 'defaults' };
  return {
    codecs: [...valid.codecs],
    images: valid.images ? [...valid.images] : defaults.images,
    max_video: valid.max_video ? { width: valid.max_video.width, height: valid.max_video.height } : defaults.max_video,
    screen: valid.screen ? { width: valid.screen.width, height: valid.screen.height, orientation: valid.screen.orientation } : null,
    source: 'declared',
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The capabilities as stored: only the declared fields, in a fixed order (so an unchanged declaration compares equal). */
export function normalizeCapabilities(declared: DeviceCapabilities): string {
  return JSON.stringify({
    codecs: [...new Set(declared.codecs)].sort(),
    ...(declared.images ? { images: [...new Set(declared.images)].sort() } : {}),
    ...(declared.max_video ? { max_video: { width: declared.max_video.width, height: declared.max_video.height } } : {}),
    ...(declared.screen ? { screen: { width: declared.screen.width, height: declared.screen.height, orientation: declared.screen.orientation } } : {}),
  });
}

/** What a compile knows of a device for choosing renditions. */
export interface DeviceProfile {
  type: string;
  position: DevicePosition;
  capabilities: EffectiveCapabilities;
}

/** Devices with the same profile key get the same renditions (and may share a stored schedule body). */
export function profileKey(profile: DeviceProfile): string {
  const c = profile.capabilities;
  return `${profile.type}|${profile.position}|${c.codecs.join(',')}|${c.images.join(',')}|${c.max_video.width}x${c.max_video.height}`;
}

/** A finished render of a Directory query, as the compile reads it. */
export interface ReadyRender {
  queryId: number;
  device: string;
  screen: string;
  preset: string;
  sha256: string;
}

/** A fallback job of a file, by its size ("1280x720"). */
export interface FallbackJob {
  size: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  sha256: string | null;
}

/** What a compile knows of a file for choosing renditions. */
export interface MediaSource {
  id: number;
  kind: 'video' | 'image';
  /** ffprobe's codec name (h264, hevc, vp9, av1, mjpeg, png ...); null before the probe. */
  codec: string | null;
  width: number | null;
  height: number | null;
  sourceExt: string;
  renders: ReadyRender[];
  fallbacks: FallbackJob[];
}

export type Choice =
  | { kind: 'file'; rendition: string; url: string; sha256: string | null }
  | { kind: 'rendering'; fallbackSize: string | null }
  | { kind: 'cannot_play' };

const PRESET_CODECS: Record<string, string> = { x264: 'h264', hevc: 'hevc' };
const IMAGE_EXT_FORMATS: Record<string, string> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', bmp: 'bmp' };
const IMAGE_CODEC_FORMATS: Record<string, string> = { mjpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', bmp: 'bmp' };

const sourceUrl = (id: number) => `/api/v1/media/files/${id}/source`;
export const renderUrl = (id: number, queryId: number) => `/api/v1/media/files/${id}/render/${queryId}`;
export const fallbackUrl = (id: number, size: string) => `/api/v1/media/files/${id}/fallback/${size}`;

/** Whether a video of width x height fits a largest video of max (either way round: decoders do not care). */
function fits(width: number, height: number, max: { width: number; height: number }): boolean {
  const long = Math.max(max.width, max.height);
  const short = Math.min(max.width, max.height);
  return Math.max(width, height) <= long && Math.min(width, height) <= short;
}

/** The fallback size for a source: fitted into the device's largest video, even sides (H.264 4:2:0 needs them). */
export function fallbackSize(width: number, height: number, max: { width: number; height: number }): string {
  const landscape = width >= height;
  const box = landscape
    ? { width: Math.max(max.width, max.height), height: Math.min(max.width, max.height) }
    : { width: Math.min(max.width, max.height), height: Math.max(max.width, max.height) };
  const scale = Math.min(1, box.width / width, box.height / height);
  const even = (n: number) => Math.max(2, 2 * Math.floor((n * scale) / 2));
  return `${even(width)}x${even(height)}`;
}

/** Whether the device decodes the source as it is. */
export function decodesSource(media: MediaSource, capabilities: EffectiveCapabilities): boolean {
  if (media.kind === 'image') {
    const format = (media.codec && IMAGE_CODEC_FORMATS[media.codec]) || IMAGE_EXT_FORMATS[media.sourceExt.toLowerCase()];
    return format !== undefined && capabilities.images.includes(format);
  }
  // Not probed yet: nothing is known against it (the compile runs again once the probe is done).
  if (media.codec === null) return true;
  if (!capabilities.codecs.includes(media.codec)) return false;
  return media.width === null || media.height === null || fits(media.width, media.height, capabilities.max_video);
}

/** The file a device of this profile downloads for this media (see the module comment). */
export function chooseRendition(media: MediaSource, profile: DeviceProfile): Choice {
  const { capabilities } = profile;
  for (const render of media.renders) {
    if (render.device !== profile.type || render.screen !== profile.position) continue;
    const preset = parseQueryValue(render.preset);
    if (!preset || !capabilities.codecs.includes(PRESET_CODECS[preset.codec] ?? preset.codec)) continue;
    if (!fits(preset.width, preset.height, capabilities.max_video)) continue;
    return { kind: 'file', rendition: `render:${render.queryId}`, url: renderUrl(media.id, render.queryId), sha256: render.sha256 };
  }
  if (decodesSource(media, capabilities)) return { kind: 'file', rendition: 'source', url: sourceUrl(media.id), sha256: null };
  // An image format the device does not show, or a video without a known size: no render helps.
  if (media.kind === 'image' || media.width === null || media.height === null || !capabilities.codecs.includes('h264')) return { kind: 'cannot_play' };
  const size = fallbackSize(media.width, media.height, capabilities.max_video);
  const job = media.fallbacks.find((f) => f.size === size);
  if (job?.status === 'done' && job.sha256) return { kind: 'file', rendition: 'fallback', url: fallbackUrl(media.id, size), sha256: job.sha256 };
  if (job?.status === 'failed') return { kind: 'cannot_play' };
  return { kind: 'rendering', fallbackSize: job ? null : size };
}
