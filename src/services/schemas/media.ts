import { array, enums, integer, min, nullable, number, object, optional, partial, size, string, type Infer } from 'superstruct';
import { ApiInstant, Id, Page, requiredString } from './common.ts';
import { DEVICE_POSITIONS, DEVICE_TYPES } from './deviceEnums.ts';

/** Section 5 / 9: the largest media file accepted, in bytes (250 MB). */
export const MAX_MEDIA_FILE_BYTES = 262144000;
/**
 * Pixel limits (issue 26.6), checked from a file's header or ffprobe's stream info before anything decodes it: media
 * up to 8K (7680 x 4320, either way round); navigation layouts and device photos up to 8192 x 8192.
 */
export const MAX_MEDIA_LONG_SIDE = 7680;
export const MAX_MEDIA_SHORT_SIDE = 4320;
export const MAX_IMAGE_SIDE = 8192;

/** Whether a picture of `width` x `height` fits the media limit (8K landscape or portrait). */
export function fitsMediaLimit(width: number, height: number): boolean {
  return Math.max(width, height) <= MAX_MEDIA_LONG_SIDE && Math.min(width, height) <= MAX_MEDIA_SHORT_SIDE;
}

/** Whether an image of `width` x `height` fits the layout and photo limit. */
export function fitsImageLimit(width: number, height: number): boolean {
  return width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE;
}

/** A file's screen position is the position of the screens it is made for. */
export const SCREEN_POSITIONS = DEVICE_POSITIONS;
export const ScreenPosition = enums(SCREEN_POSITIONS);
export type ScreenPosition = Infer<typeof ScreenPosition>;

/** Section 4: processing -> ready to play -> playing; `failed` carries its reason and can be retried. */
export const MEDIA_STATUSES = ['processing', 'ready_to_play', 'playing', 'failed'] as const;
export const MediaStatus = enums(MEDIA_STATUSES);
export type MediaStatus = Infer<typeof MediaStatus>;

export const MEDIA_KINDS = ['video', 'image'] as const;
export const MediaKind = enums(MEDIA_KINDS);
export type MediaKind = Infer<typeof MediaKind>;

export const FORMAT_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export const FormatStatus = enums(FORMAT_STATUSES);
export type FormatStatus = Infer<typeof FormatStatus>;

const Name = size(requiredString, 1, 255);
const Description = size(string(), 0, 2000);
/** The type of the devices a file is made for (the devices' `device_type`). */
export const MediaDeviceType = enums(DEVICE_TYPES);
const DeviceType = MediaDeviceType;

/** One element of the upload's `file_info` list: the description of the file at the same index. */
export const MediaFileInfo = object({
  name: Name,
  description: optional(Description),
  /** Absent: taken from the file when it is probed (taller than wide as shown: vertical), horizontal until then. */
  screen_position: optional(ScreenPosition),
  device_type: DeviceType,
  /** The owning company (default: the uploader's); only a company of the uploader's scope. */
  company: optional(nullable(Id)),
});
export type MediaFileInfo = Infer<typeof MediaFileInfo>;

export const MAX_FILES_PER_UPLOAD = 50;
export const MediaFileInfoList = size(array(MediaFileInfo), 1, MAX_FILES_PER_UPLOAD);

/** A rendition of the file in one Directory encoding preset. */
export const MediaFormat = object({
  query_id: Id,
  name: string(),
  value: string(),
  status: FormatStatus,
  error: nullable(string()),
  /** In mb, once rendered. */
  size: nullable(number()),
  link: nullable(string()),
});
export type MediaFormat = Infer<typeof MediaFormat>;

/**
 * A fallback render (issue 24): H.264 at the largest video size of screens that decode neither the source nor a
 * Directory render, made when a publish needs it; those screens download it (docs/api.md, "Renditions").
 */
export const MediaFallback = object({
  /** "WIDTHxHEIGHT". */
  size: string(),
  status: FormatStatus,
  error: nullable(string()),
  /** In mb, once rendered. */
  file_size: nullable(number()),
  link: nullable(string()),
});
export type MediaFallback = Infer<typeof MediaFallback>;

export const MediaLinks = object({
  source: string(),
  preview: nullable(string()),
  render: array(string()),
});

export const MediaFile = object({
  id: Id,
  name: string(),
  description: string(),
  screen_position: ScreenPosition,
  device_type: MediaDeviceType,
  kind: MediaKind,
  original_name: string(),
  mime_type: string(),
  /** Seconds; null for images and until probed. */
  duration: nullable(number()),
  /** "WIDTHxHEIGHT"; null until probed. */
  resolution: nullable(string()),
  video_codec: nullable(string()),
  /** In mb. */
  size: number(),
  /** ISO date-time of the upload. */
  uploaded: string(),
  /** The owning company; null for files from before companies owned media (only the administrator sees those). */
  company: optional(nullable(Id)),
  status: MediaStatus,
  failure_reason: nullable(string()),
  formats: array(MediaFormat),
  fallbacks: array(MediaFallback),
  links: MediaLinks,
  /** Screens play it from and until these instants (issue 42); null: no bound (absent from older servers). */
  valid_from: optional(nullable(string())),
  valid_until: optional(nullable(string())),
});
export type MediaFile = Infer<typeof MediaFile>;

export const MediaFilePage = Page(MediaFile);

/**
 * PUT /media/files/{id}: any of the descriptive fields, and the file's validity (issue 42: instants with an offset,
 * null to remove a bound; `valid_until` after `valid_from`, else 400 valid_until_before_from).
 */
export const MediaUpdateBody = partial(
  object({
    name: Name,
    description: Description,
    screen_position: ScreenPosition,
    device_type: DeviceType,
    valid_from: nullable(ApiInstant()),
    valid_until: nullable(ApiInstant()),
  }),
);
export type MediaUpdateBody = Infer<typeof MediaUpdateBody>;

export const MEDIA_ORDERINGS = ['uploaded', '-uploaded', 'name', '-name', 'size', '-size', 'duration', '-duration', 'status', '-status'] as const;
export const MediaOrdering = enums(MEDIA_ORDERINGS);
export type MediaOrdering = Infer<typeof MediaOrdering>;

/** GET /media/files/ query parameters. */
export const MediaListQuery = object({
  page: optional(min(integer(), 1)),
  page_size: optional(min(integer(), 1)),
  search: optional(size(string(), 0, 200)),
  status: optional(MediaStatus),
  ordering: optional(MediaOrdering),
});
export type MediaListQuery = Infer<typeof MediaListQuery>;

export const UsageRef = object({ id: Id, name: string() });
export type UsageRef = Infer<typeof UsageRef>;

/** GET media/file/{id}/details/: where the file is used. */
export const MediaUsage = object({
  playlists: array(UsageRef),
  campaigns: array(UsageRef),
  events: array(UsageRef),
  /** Layouts that show the file in a zone or as their background (issue 36); absent from older servers. */
  layouts: optional(array(UsageRef)),
});
export type MediaUsage = Infer<typeof MediaUsage>;

/** Bytes to the spec's "size in mb", six decimals. */
export function bytesToMb(bytes: number): number {
  // Six decimals (about a byte): a 3 KB file is 0.00293 MB, not 0, so that the panel can say "< 0.01 MB".
  return Math.round((bytes / (1024 * 1024)) * 1e6) / 1e6;
}
