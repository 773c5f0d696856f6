import { boolean, enums, object, optional, partial, refine, size, string, type Infer } from 'superstruct';
import { Id, Page, requiredString } from './common.ts';
import { MediaDeviceType, ScreenPosition } from './media.ts';

/** An encoding preset as the Directory's value describes it. */
export interface EncodingPreset {
  width: number;
  height: number;
  fps: number;
  codec: 'x264' | 'hevc';
}

const VALUE_FORMAT = /^\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*@\s*fps\s*=\s*(\d{1,3}(?:\.\d{1,3})?)\s*@\s*(x264|hevc)\s*$/i;

/** Encoders need even dimensions with 4:2:0 chroma. */
const DIMENSION = { min: 16, max: 7680 };
const FPS = { min: 1, max: 120 };

/**
 * Reads "width x height @ fps=number @ x264 or hevc" (e.g. `1920 x 1080 @ fps=30 @ x264`).
 * Answers null when the text does not follow the format or is out of range (even sides 16-7680, fps 1-120).
 */
export function parseQueryValue(value: string): EncodingPreset | null {
  const match = VALUE_FORMAT.exec(value);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  const fps = Number(match[3]);
  const codec = match[4]!.toLowerCase() as EncodingPreset['codec'];
  const sideOk = (side: number) => side >= DIMENSION.min && side <= DIMENSION.max && side % 2 === 0;
  if (!sideOk(width) || !sideOk(height) || fps < FPS.min || fps > FPS.max) return null;
  return { width, height, fps, codec };
}

/** The canonical spelling of a preset, as stored and shown. */
export function formatQueryValue(preset: EncodingPreset): string {
  return `${preset.width} x ${preset.height} @ fps=${preset.fps} @ ${preset.codec}`;
}

/** A Directory value in the spec's format (refinement `queryValue`). */
export const QueryValue = refine(string(), 'queryValue', (value) => parseQueryValue(value) !== null);

export const QUERY_TYPES = ['video', 'image'] as const;
export const QueryType = enums(QUERY_TYPES);
export type QueryType = Infer<typeof QueryType>;

export const DirectoryQuery = object({
  id: Id,
  name: string(),
  value: string(),
  /** Which kind of media the preset renders. */
  type: QueryType,
  /** The device type whose media it renders. */
  device: MediaDeviceType,
  /** The screen position whose media it renders. */
  screen: ScreenPosition,
  active: boolean(),
  created: string(),
  updated: string(),
});
export type DirectoryQuery = Infer<typeof DirectoryQuery>;

export const DirectoryQueryPage = Page(DirectoryQuery);

const fields = {
  name: size(requiredString, 1, 100),
  value: QueryValue,
  type: QueryType,
  device: MediaDeviceType,
  screen: ScreenPosition,
};

export const DirectoryQueryCreateBody = object({ ...fields, active: optional(boolean()) });
export type DirectoryQueryCreateBody = Infer<typeof DirectoryQueryCreateBody>;

/** PUT /directory/queries/{id}: any subset; `{active}` alone activates or deactivates. */
export const DirectoryQueryUpdateBody = partial(object({ ...fields, active: boolean() }));
export type DirectoryQueryUpdateBody = Infer<typeof DirectoryQueryUpdateBody>;
