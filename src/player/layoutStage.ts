import { leadZone, zoneFiles, type LayoutZone, type Play, type ScheduledLayout, type ScheduledMedia } from '../services/player/schedule.ts';
import type { MediaStore } from '../services/player/storage.ts';
import type { WidgetKind } from '../services/schemas/widgets.ts';
import { Stage } from './stage.ts';
import { defaultWidgetEnv, parseWidget, renderWidget, type WidgetEnv, type WidgetHandle, type WidgetSpec } from './widgets/index.ts';

/*
 * A layout drawn zone by zone (issue 36; docs/api.md "Layouts on the screens"). The canvas (width x height layout
 * pixels) is scaled by min(host width / width, host height / height) and centred in its host, the bars around it in the
 * background colour (letterboxed when the aspects differ); the background image covers the canvas; each zone is a box at
 * its scaled rectangle, stacked by `z` (the schedule lists zones in drawing order), with a Stage of its own (two layers,
 * the next file loaded out of sight, so a zone is gapless): images for their duration, videos to their end, looping its
 * files independently of the other zones; a file not kept (yet) is skipped, a file that fails is skipped after a second's
 * pause as on the full screen. Files come from the same store as full-screen plays (by checksum, offline after the
 * first download). Leaving the layout (`clear`) stops every zone's timers and media and revokes its object URLs.
 *
 * A widget zone (issue 38) has no files: its widget is drawn in the zone's box (src/player/widgets/) from the time the
 * layout shows until it leaves, updated in place when a new schedule brings the same layout version with new data (a
 * dataset changed), and torn down with the zone (timers, animations, frames, object URLs).
 *
 * The web player (src/player/main.ts) records each zone's plays with `zone`; the panel's preview can import
 * `playLayout` to show a layout in an element from any MediaStore.
 */

/** A zone's plays, as the full-screen stage reports its own (see StageEvents), named by zone. */
export interface LayoutStageEvents {
  started?(zone: number, play: Play, duration: number): void;
  ended?(zone: number, play: Play): void;
  failed?(zone: number, play: Play, reason: string): void;
  /** The lead zone (the largest with files) finished one loop: the layout's turn among equal priorities is over. */
  turnEnded?(): void;
  /** A widget zone's first content was painted, `ms` after the zone started. */
  widgetPainted?(zone: number, kind: WidgetKind, ms: number): void;
}

/** What the zones of a layout show: a file sequence (ZonePlayer) or a widget (WidgetZone). */
interface ZoneView {
  readonly box: HTMLDivElement;
  readonly zone: LayoutZone;
  readonly current: Play | null;
  readonly startedAt: string | null;
  start(): void;
  setReady(ready: ReadonlySet<number>): void;
  setVolume(volume: number): void;
  gaps(): number[];
  /** The zone's box was placed again (a resize). */
  placed(): void;
  dispose(): void;
}

function zoneBox(canvas: HTMLElement, zone: LayoutZone): HTMLDivElement {
  const box = document.createElement('div');
  box.className = 'zone';
  box.dataset.zone = String(zone.id);
  box.style.zIndex = String(zone.z);
  canvas.append(box);
  return box;
}

/** A widget zone: the widget drawn in its box while the layout shows. */
class WidgetZone implements ZoneView {
  readonly box: HTMLDivElement;
  readonly current = null;
  startedAt: string | null = null;
  private handle: WidgetHandle | null = null;

  constructor(
    canvas: HTMLElement,
    readonly zone: LayoutZone,
    public spec: WidgetSpec,
    private readonly env: WidgetEnv,
    private readonly painted: (ms: number) => void,
  ) {
    this.box = zoneBox(canvas, zone);
    this.box.dataset.widget = spec.kind;
  }

  start(): void {
    const began = performance.now();
    this.startedAt = new Date().toISOString();
    this.handle = renderWidget(this.box, this.spec, this.env);
    const handle = this.handle;
    void handle.painted.then((at) => this.handle === handle && this.painted(Math.max(0, at - began)));
  }

  update(spec: WidgetSpec): void {
    this.spec = spec;
    this.handle?.update(spec);
  }

  setReady(): void {}
  setVolume(): void {}
  gaps(): number[] {
    return [];
  }
  placed(): void {
    this.handle?.resize();
  }

  dispose(): void {
    this.handle?.dispose();
    this.handle = null;
    this.box.remove();
  }
}

/** A layout's turn when no zone has a file to loop (widgets, a background alone): ms. */
export const LAYOUT_TURN_WITHOUT_FILES_MS = 10_000;
/** Pause after a zone's file failed before its next one (as the full-screen stage's sequence waits a second). */
const FAILED_PAUSE_MS = 1000;

/** The canvas's scale and offset in a host of `hostWidth` x `hostHeight` CSS pixels. */
export function fitLayout(layout: { width: number; height: number }, hostWidth: number, hostHeight: number): { scale: number; left: number; top: number } {
  const scale = Math.min(hostWidth / layout.width, hostHeight / layout.height);
  return { scale, left: (hostWidth - layout.width * scale) / 2, top: (hostHeight - layout.height * scale) / 2 };
}

class ZonePlayer implements ZoneView {
  readonly box: HTMLDivElement;
  readonly stage: Stage;
  private readonly files: ScheduledMedia[];
  private index = -1;
  private serial = 0;
  private pause: ReturnType<typeof setTimeout> | null = null;
  /** Waiting for one of its files to be kept. */
  private idle = true;
  current: Play | null = null;
  startedAt: string | null = null;

  constructor(
    canvas: HTMLElement,
    store: MediaStore,
    readonly zone: LayoutZone,
    private readonly owner: Play,
    private ready: ReadonlySet<number>,
    private readonly events: LayoutStageEvents,
    private readonly looped: (zone: ZonePlayer) => void,
    private readonly halted: () => boolean,
  ) {
    this.files = zoneFiles(zone);
    this.box = zoneBox(canvas, zone);
    this.stage = new Stage(
      this.box,
      store,
      {
        started: (play, duration) => {
          this.current = play;
          this.startedAt = new Date().toISOString();
          this.box.dataset.media = String(play.media.id);
          this.events.started?.(zone.id, play, duration);
        },
        ended: (play) => {
          this.events.ended?.(zone.id, play);
          this.afterPlay();
        },
        failed: (play, reason) => {
          this.events.failed?.(zone.id, play, reason);
          if (this.current === play) this.current = null;
          this.pause = setTimeout(() => {
            this.pause = null;
            this.afterPlay();
          }, FAILED_PAUSE_MS);
        },
      },
      true,
    );
  }

  start(): void {
    this.step();
  }

  /** The kept files changed: a zone waiting for a file starts when one arrives. */
  setReady(ready: ReadonlySet<number>): void {
    this.ready = ready;
    this.stage.keepOnly([...ready]);
    if (this.idle && !this.pause && !this.disposed && !this.halted()) this.step();
  }

  /** The index of the kept file after `from` (wrapping), or -1. */
  private after(from: number): number {
    for (let step = 1; step <= this.files.length; step++) {
      const index = (from + step) % this.files.length;
      if (this.ready.has(this.files[index]!.id)) return index;
    }
    return -1;
  }

  private play(index: number): Play {
    this.serial += 1;
    const owner = this.owner;
    return { event: owner.event, media: this.files[index]!, index, playlist: null, serial: this.serial, zone: this.zone.id, ...(owner.override !== undefined ? { override: owner.override } : {}) };
  }

  /** A play ended (or failed): a wrap to the first file is a loop done (which may end the layout's turn), then the next. */
  private afterPlay(): void {
    const next = this.after(this.index);
    if (next >= 0 && next <= this.index) this.looped(this);
    if (!this.disposed && !this.halted()) this.step();
  }

  /** Shows the next kept file and prepares the one after it. */
  private step(): void {
    const index = this.after(this.index);
    if (index < 0) {
      this.idle = true;
      return;
    }
    this.idle = false;
    this.index = index;
    this.stage.present(this.play(index));
    const next = this.after(index);
    this.stage.prepare(next >= 0 && next !== index ? this.play(next) : null);
  }

  private disposed = false;

  setVolume(volume: number): void {
    this.stage.setVolume(volume);
  }

  gaps(): number[] {
    return [...this.stage.stats.gaps];
  }

  placed(): void {}

  dispose(): void {
    this.disposed = true;
    if (this.pause) clearTimeout(this.pause);
    this.pause = null;
    this.stage.dispose();
    this.box.remove();
  }
}

export class LayoutStage {
  private canvas: HTMLDivElement | null = null;
  private zones: ZoneView[] = [];
  private scale = 1;
  private turnTimer: ReturnType<typeof setTimeout> | null = null;
  private ready: ReadonlySet<number> = new Set();
  private backgroundUrl: string | null = null;
  private readonly onResize = () => this.place();
  /** Leaving: the zones play no further file (the next play is loading; `clear` follows). */
  private halting = false;
  /** The layout play drawn now, or null. */
  play: Play | null = null;
  volume = 1;

  constructor(
    private readonly host: HTMLElement,
    private readonly store: MediaStore,
    private readonly events: LayoutStageEvents = {},
    /** Where widgets are drawn (time zone, datasets, the map); the layout's scale is the stage's own. */
    private readonly widgetEnv: Partial<WidgetEnv> = {},
  ) {}

  /** The widgets' environment for this stage: the given one, scaled to the layout's scale on this screen. */
  private env(): WidgetEnv {
    return defaultWidgetEnv({ ...this.widgetEnv, scale: () => this.scale });
  }

  /** Draws `play`'s layout in place of whatever it drew (`ready`: the files kept). */
  show(play: Play & { layout: ScheduledLayout }, ready: ReadonlySet<number>): void {
    this.clear();
    this.play = play;
    this.ready = ready;
    const layout = play.layout;
    this.host.hidden = false;
    this.host.style.background = layout.background.color;
    this.host.dataset.layout = String(layout.id);
    this.host.dataset.layoutVersion = String(layout.version);
    const canvas = document.createElement('div');
    canvas.className = 'layout-canvas';
    this.canvas = canvas;
    this.host.append(canvas);
    const background = layout.background.image;
    if (background) void this.drawBackground(canvas, background.id);
    const lead = leadZone(layout);
    const env = this.env();
    this.zones = layout.zones.map((zone) => {
      const widget = parseWidget(zone.widget);
      if (widget) return new WidgetZone(canvas, zone, widget, env, (ms) => this.events.widgetPainted?.(zone.id, widget.kind, ms));
      return new ZonePlayer(
          canvas,
          this.store,
          zone,
          play,
          ready,
          this.events,
        (player) => player.zone === lead && this.events.turnEnded?.(),
        () => this.halting,
      );
    });
    for (const zone of this.zones) zone.setVolume(this.volume);
    this.place();
    globalThis.addEventListener?.('resize', this.onResize);
    for (const zone of this.zones) zone.start();
    // Without a lead zone that has a file to loop, the turn is a fixed time.
    if (!lead || !zoneFiles(lead).some((file) => ready.has(file.id))) this.turnTimer = setTimeout(() => this.noFilesTurn(), LAYOUT_TURN_WITHOUT_FILES_MS);
  }

  /** Another play is on its way to the screen: the zones go on showing what they show, and start nothing new. */
  halt(): void {
    this.halting = true;
  }

  get halted(): boolean {
    return this.halting;
  }

  /** The same layout plays on (a new decision of the sequence chose it again): nothing on screen changes but widgets' data. */
  continue(play: Play): void {
    this.play = play;
    this.halting = false;
    if (play.layout) this.refresh(play.layout);
  }

  /**
   * A new schedule brings the layout drawn (same version) again: each widget zone takes its new data (a dataset's new
   * checksum) in place; nothing else changes.
   */
  refresh(layout: ScheduledLayout): void {
    if (!this.play?.layout || layout.id !== this.play.layout.id || layout.version !== this.play.layout.version) return;
    for (const view of this.zones) {
      if (!(view instanceof WidgetZone)) continue;
      const spec = parseWidget(layout.zones.find((zone) => zone.id === view.zone.id)?.widget);
      if (spec && spec.kind === view.spec.kind && JSON.stringify(spec) !== JSON.stringify(view.spec)) view.update(spec);
    }
  }

  /** The kept map changed (a map widget draws it again). */
  mapChanged(): void {
    for (const view of this.zones) if (view instanceof WidgetZone && view.spec.kind === 'map') view.update(view.spec);
  }

  /** The widget zones drawn now: `[{zone, kind}]`. */
  widgets(): { zone: number; kind: WidgetKind }[] {
    return this.zones.flatMap((view) => (view instanceof WidgetZone ? [{ zone: view.zone.id, kind: view.spec.kind }] : []));
  }

  private noFilesTurn(): void {
    this.turnTimer = setTimeout(() => this.noFilesTurn(), LAYOUT_TURN_WITHOUT_FILES_MS);
    this.events.turnEnded?.();
  }

  private async drawBackground(canvas: HTMLDivElement, id: number): Promise<void> {
    const stored = await this.store.get(id).catch(() => null);
    if (!stored || this.canvas !== canvas) return;
    this.backgroundUrl = URL.createObjectURL(stored.blob);
    canvas.style.backgroundImage = `url("${this.backgroundUrl}")`;
    canvas.style.backgroundSize = '100% 100%';
  }

  /** Places the canvas and the zones for the host's size now (a resize, a turn of the screen). */
  place(): void {
    const layout = this.play?.layout;
    if (!layout || !this.canvas) return;
    const { scale, left, top } = fitLayout(layout, this.host.clientWidth, this.host.clientHeight);
    const changed = scale !== this.scale;
    // A host without a size (not laid out yet, a test's DOM) draws widgets at the layout's own size.
    this.scale = Number.isFinite(scale) && scale > 0 ? scale : 1;
    Object.assign(this.canvas.style, { left: `${left}px`, top: `${top}px`, width: `${layout.width * scale}px`, height: `${layout.height * scale}px` });
    for (const view of this.zones) {
      const { box, zone } = view;
      Object.assign(box.style, { left: `${zone.x * scale}px`, top: `${zone.y * scale}px`, width: `${zone.width * scale}px`, height: `${zone.height * scale}px` });
      if (changed) view.placed();
    }
  }

  setReady(ready: ReadonlySet<number>): void {
    this.ready = ready;
    for (const zone of this.zones) zone.setReady(ready);
  }

  setVolume(volume: number): void {
    this.volume = volume;
    for (const zone of this.zones) zone.setVolume(volume);
  }

  /** What each zone shows now, for the heartbeat's now_playing (`media_id` null: nothing yet, a widget). */
  nowPlaying(): { id: number; media_id: number | null; started_at: string }[] {
    return this.zones.map((zone) => ({ id: zone.zone.id, media_id: zone.current?.media.id ?? null, started_at: zone.startedAt ?? new Date().toISOString() }));
  }

  /** Each zone's gaps between consecutive plays, ms (the last 1,000 to 2,000). */
  gaps(): Record<number, number[]> {
    return Object.fromEntries(this.zones.map((zone) => [zone.zone.id, zone.gaps()]));
  }

  /** Stops every zone (timers, media, object URLs) and empties the host. */
  clear(): void {
    if (this.turnTimer) clearTimeout(this.turnTimer);
    this.turnTimer = null;
    for (const zone of this.zones) zone.dispose();
    this.zones = [];
    this.canvas?.remove();
    this.canvas = null;
    if (this.backgroundUrl) URL.revokeObjectURL(this.backgroundUrl);
    this.backgroundUrl = null;
    globalThis.removeEventListener?.('resize', this.onResize);
    this.play = null;
    this.halting = false;
    this.host.hidden = true;
    delete this.host.dataset.layout;
    delete this.host.dataset.layoutVersion;
  }
}

/**
 * Plays `layout` into `element` (the panel's preview): files from `store`, every zone's files taken as kept unless
 * `ready` says which; widgets drawn with `widgetEnv` (e.g. `dataset` reading the panel's datasets; by default the
 * browser's time zone, no data, no map). Returns a stop that tears it all down.
 */
export function playLayout(element: HTMLElement, layout: ScheduledLayout, store: MediaStore, ready?: ReadonlySet<number>, widgetEnv: Partial<WidgetEnv> = {}): { stop(): void; stage: LayoutStage } {
  const stage = new LayoutStage(element, store, {}, widgetEnv);
  const files = layout.zones.flatMap(zoneFiles);
  const media = files[0] ?? { id: 0, url: '', checksum: '', duration: 0, type: '' };
  stage.show({ event: 0, media, index: 0, playlist: null, serial: 0, layout }, ready ?? new Set(files.map((file) => file.id)));
  return { stop: () => stage.clear(), stage };
}
