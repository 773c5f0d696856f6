import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from '../fetchStatus.machine.ts';
import { API_BASE } from '../../services/config.ts';
import { api } from '../../services/http.ts';
import { getMedia } from '../../services/media.service.ts';
import { listTracks } from '../../services/playlists.service.ts';
import type { LayoutFile, LayoutZone, ScheduledLayout } from '../../services/player/schedule.ts';
import type { MediaStore, StoredMedia } from '../../services/player/storage.ts';
import { getDataset } from '../../services/datasets.service.ts';
import { WIDGET_DEFAULTS, widgetDataset } from '../../services/schemas/widgets.ts';
import type { ZoneDraft } from './layoutGeometry.ts';

/** An image's seconds in a preview when the draft says none (a media zone plays one file; the player's default). */
const IMAGE_SECONDS = 10;

/** What the preview needs of the layout: its canvas and background (the zones are the draft's). */
export interface PreviewCanvas {
  id: number;
  width: number;
  height: number;
  background: { color: string; media: number | null };
}

/** A widget's dataset in a preview: `checksum` names the dataset only, so the rows are read once a preview. */
export interface PreviewData {
  id: number;
  url: string;
  version: number;
  checksum: string;
}

/** A dataset's table as a widget draws it (the player's DatasetTable). */
export interface PreviewTable {
  id: number;
  version: number;
  checksum: string;
  columns: { name: string }[];
  rows: (string | number | null)[][];
}

/** Where a preview's widgets read their datasets: the panel's (GET /datasets/{id}, with the operator's session). */
export interface PreviewWidgetEnv {
  dataset(data: PreviewData): Promise<PreviewTable | null>;
}

/** Plays a layout into an element (src/player/layoutStage.ts playLayout, imported when the preview opens). */
export type PlayLayout = (
  element: HTMLElement,
  layout: ScheduledLayout,
  store: MediaStore,
  ready?: ReadonlySet<number>,
  widgetEnv?: PreviewWidgetEnv,
) => { stop(): void; stage?: { place(): void } };

/** The dataset a widget's settings name (a data table, a ticker fed by a dataset), as a preview's `data`, or null. */
export function previewData(content: { kind: string; widget?: string; settings?: unknown } | null | undefined): PreviewData | null {
  const id = widgetDataset(content);
  return id === null ? null : { id, url: '', version: 0, checksum: `preview:${id}` };
}

/**
 * The datasets of a preview, read from the server with the operator's session, each once (a dataset that cannot be
 * read draws as none: the widget shows its empty state).
 */
export function previewDatasets(): PreviewWidgetEnv {
  const tables = new Map<number, Promise<PreviewTable | null>>();
  return {
    dataset: (data) => {
      let entry = tables.get(data.id);
      if (!entry) {
        entry = getDataset(data.id).then(
          (dataset) => ({ id: dataset.id, version: dataset.version, checksum: data.checksum, columns: dataset.columns, rows: dataset.rows ?? [] }),
          () => null,
        );
        tables.set(data.id, entry);
      }
      return entry;
    },
  };
}

export interface PreparedPreview {
  layout: ScheduledLayout;
  play: PlayLayout;
}

const fileOf = (id: number, seconds: number | null): LayoutFile => ({ id, url: `${API_BASE}/media/files/${id}/source`, checksum: '', duration: seconds && seconds > 0 ? seconds : IMAGE_SECONDS });

/**
 * The draft as a screen's layout item (docs/api.md "Layouts on the screens"): each zone's files from what it plays now
 * (a playlist's tracks with their seconds, a media file's own), a widget with its settings as typed over the defaults
 * and the dataset it shows (read by previewDatasets when it draws);
 * zones in drawing order, unsaved zones numbered below zero.
 */
export async function previewLayout(canvas: PreviewCanvas, zones: readonly ZoneDraft[]): Promise<ScheduledLayout> {
  const ordered = [...zones].sort((a, b) => a.z - b.z);
  const drawn = await Promise.all(
    ordered.map(async (zone, index): Promise<LayoutZone> => {
      const base = { id: zone.id ?? -(index + 1), x: zone.x, y: zone.y, width: zone.width, height: zone.height, z: zone.z };
      const content = zone.content;
      if (!content) return { ...base, items: [] };
      if (content.kind === 'widget') return { ...base, widget: { kind: content.widget, settings: { ...WIDGET_DEFAULTS[content.widget], ...content.settings }, data: previewData(content) } };
      if (content.kind === 'media') {
        const media = await getMedia(content.id);
        return { ...base, items: [fileOf(media.id, media.duration)] };
      }
      const tracks = await listTracks(content.id);
      return { ...base, items: [...tracks].sort((a, b) => a.position - b.position).map((track) => fileOf(track.media, track.duration)) };
    }),
  );
  return {
    id: canvas.id,
    version: 0,
    width: canvas.width,
    height: canvas.height,
    background: { color: canvas.background.color, image: canvas.background.media ? fileOf(canvas.background.media, null) : null },
    zones: drawn,
  };
}

/** The files of a preview, read from the server with the operator's session (nothing kept after it closes). */
export function previewStore(): MediaStore {
  const files = new Map<number, Promise<StoredMedia | null>>();
  return {
    list: async () => [],
    get: (id) => {
      let entry = files.get(id);
      if (!entry) {
        entry = api<Blob, 'blob'>(`/media/files/${id}/source`, { responseType: 'blob' }).then(
          (blob) => ({ id, checksum: '', type: blob.type, size: blob.size, blob }),
          () => null,
        );
        files.set(id, entry);
      }
      return entry;
    },
    put: async () => {},
    remove: async () => {},
  };
}

export interface LayoutPreviewContext {
  prepared: PreparedPreview | null;
  error: string | null;
}

export type LayoutPreviewEvent =
  /** "Play preview": the draft as it stands. */
  | { type: 'preview.open'; canvas: PreviewCanvas; zones: ZoneDraft[] }
  /** Close, Escape or a click outside: the preview stops and is torn down. */
  | { type: 'preview.close' };

/**
 * "Play preview" of the layout editor (issue 36): the draft played in the page as a screen would, in a dialog at the
 * canvas's aspect. Opening reads each zone's files (a playlist's tracks, a file's seconds) and imports the web player's
 * layout stage (a chunk of its own, so the editor's first load does not carry the player); the view plays it while
 * `playing` and stops it when the state is left.
 */
export const layoutPreviewMachine = setup({
  types: {
    context: {} as LayoutPreviewContext,
    events: {} as LayoutPreviewEvent,
  },
  actors: {
    preparePreview: fromPromise<PreparedPreview, { canvas: PreviewCanvas; zones: ZoneDraft[] }>(async ({ input }) => {
      const [layout, stage] = await Promise.all([previewLayout(input.canvas, input.zones), import('../../player/layoutStage.ts')]);
      return { layout, play: stage.playLayout };
    }),
  },
  actions: {
    setPrepared: assign((_, params: { prepared: PreparedPreview }) => ({ prepared: params.prepared, error: null })),
    setError: assign((_, params: { error: unknown }) => ({ prepared: null, error: errorCodeOf(params.error) })),
    reset: assign({ prepared: null, error: null }),
  },
}).createMachine({
  id: 'layoutPreview',
  context: { prepared: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'preview.open': { target: 'preparing', actions: 'reset' } },
    },
    preparing: {
      tags: ['open', 'busy'],
      invoke: {
        id: 'preparePreview',
        src: 'preparePreview',
        input: ({ event }) => {
          const open = event as Extract<LayoutPreviewEvent, { type: 'preview.open' }>;
          return { canvas: open.canvas, zones: open.zones };
        },
        onDone: { target: 'playing', actions: { type: 'setPrepared', params: ({ event }) => ({ prepared: event.output }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'preview.close': { target: 'closed', actions: 'reset' } },
    },
    playing: {
      tags: ['open'],
      on: { 'preview.close': { target: 'closed', actions: 'reset' } },
    },
    failed: {
      tags: ['open'],
      on: { 'preview.close': { target: 'closed', actions: 'reset' } },
    },
  },
});

export type LayoutPreviewMachine = typeof layoutPreviewMachine;
