import type { Play } from '../services/player/schedule.ts';
import type { MediaStore } from '../services/player/storage.ts';

/*
 * The playback surface: two layers stacked, each with one <img> and one <video> that are reused (so 500 plays make
 * no more elements than 2). The next play is loaded into the hidden layer while the current one runs (an image
 * decoded, a video loaded to its first frame); when the current play ends, the layers swap and the next starts at
 * once. Blob URLs are revoked when a layer is reused, and a video's source is released, so memory stays flat.
 */

export interface StageEvents {
  /** A play began to show (its proof of play is recorded when it ends); `duration` in seconds. */
  started(play: Play, duration: number): void;
  ended(play: Play): void;
  failed(play: Play, reason: string): void;
}

interface Layer {
  root: HTMLDivElement;
  image: HTMLImageElement;
  video: HTMLVideoElement;
  url: string | null;
  play: Play | null;
  kind: 'image' | 'video' | null;
  loading: Promise<string | null> | null;
}

/** Gaps between consecutive plays, ms: from the end of one (its `ended` event or timer) to the next one's start. */
export interface StageStats {
  gaps: number[];
  transitions: number;
}

export class Stage {
  private readonly layers: [Layer, Layer];
  private visible = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private endedAt: number | null = null;
  private presenting: Promise<void> = Promise.resolve();
  private token = 0;
  volume = 1;
  readonly stats: StageStats = { gaps: [], transitions: 0 };

  constructor(
    private readonly host: HTMLElement,
    private readonly store: MediaStore,
    private readonly events: StageEvents,
    /** A play of the image already on screen goes on in the same <img> (a layout zone's single picture stays put). */
    private readonly keepSameImage = false,
  ) {
    this.layers = [this.makeLayer(0), this.makeLayer(1)];
  }

  private makeLayer(index: number): Layer {
    const root = document.createElement('div');
    root.className = 'layer';
    root.dataset.layer = String(index);
    const image = document.createElement('img');
    image.alt = '';
    image.decoding = 'async';
    const video = document.createElement('video');
    video.playsInline = true;
    video.preload = 'auto';
    video.disablePictureInPicture = true;
    root.append(image, video);
    this.host.append(root);
    const layer: Layer = { root, image, video, url: null, play: null, kind: null, loading: null };
    video.addEventListener('ended', () => this.finish(layer));
    video.addEventListener('error', () => {
      if (layer.play && this.layers[this.visible] === layer) this.fail(layer, 'video_error');
    });
    return layer;
  }

  /**
   * One blob URL per kept file, made once and reused by every play of it: a URL per play would register a new blob
   * with the browser each time (measured: the browser's memory grew by hundreds of MB over 500 plays).
   */
  private readonly urls = new Map<number, Promise<{ url: string; type: string } | null>>();

  private urlFor(id: number): Promise<{ url: string; type: string } | null> {
    let entry = this.urls.get(id);
    if (!entry) {
      entry = this.store.get(id).then((stored) => (stored ? { url: URL.createObjectURL(stored.blob), type: stored.type } : null));
      entry.catch(() => this.urls.delete(id));
      this.urls.set(id, entry);
    }
    return entry.then((value) => {
      if (!value) this.urls.delete(id);
      return value;
    });
  }

  /** Forgets the URLs of files no longer kept (evicted, or kept again with new bytes). */
  keepOnly(ready: readonly number[]): void {
    const keep = new Set(ready);
    for (const [id, entry] of this.urls) {
      if (keep.has(id)) continue;
      this.urls.delete(id);
      void entry.then((value) => value && URL.revokeObjectURL(value.url));
    }
  }

  /** Loads `play` into `layer` (hidden): resolves null when it can start without waiting, else why it cannot. */
  private load(layer: Layer, play: Play): Promise<string | null> {
    this.release(layer);
    layer.play = play;
    const current = () => layer.play?.media.id === play.media.id;
    const loading = (async () => {
      const stored = await this.urlFor(play.media.id);
      if (!current()) return 'superseded';
      if (!stored) return 'not_stored';
      layer.url = stored.url;
      if (stored.type.startsWith('video/')) {
        layer.kind = 'video';
        layer.video.src = layer.url;
        layer.video.volume = this.volume;
        layer.video.muted = this.volume === 0;
        await new Promise<void>((resolve, reject) => {
          const ready = () => (cleanup(), resolve());
          const failed = () => (cleanup(), reject(new Error(`video_error ${layer.video.error?.code ?? ''} ${layer.video.error?.message ?? ''}`)));
          const cleanup = () => {
            layer.video.removeEventListener('canplay', ready);
            layer.video.removeEventListener('error', failed);
          };
          layer.video.addEventListener('canplay', ready);
          layer.video.addEventListener('error', failed);
          layer.video.load();
        });
      } else {
        layer.kind = 'image';
        layer.image.src = layer.url;
        await layer.image.decode();
      }
      return current() ? null : 'superseded';
    })().catch((error: Error) => `${error.name}: ${error.message}`);
    layer.loading = loading;
    return loading;
  }

  private release(layer: Layer): void {
    layer.play = null;
    layer.kind = null;
    layer.loading = null;
    layer.root.classList.remove('image', 'video');
    if (layer.video.getAttribute('src')) {
      layer.video.pause();
      layer.video.removeAttribute('src');
      layer.video.load();
    }
    if (layer.image.getAttribute('src')) layer.image.removeAttribute('src');
    layer.url = null;
  }

  /** Loads the play after the current one out of sight (null: nothing to prepare). */
  prepare(play: Play | null): void {
    // The hidden layer is free once the play being presented has swapped in.
    void this.presenting.then(() => {
      if (play === null || this.showsImage(play)) return;
      const hidden = this.layers[1 - this.visible]!;
      if (hidden.play && hidden.play.media.id === play.media.id && hidden.loading) return;
      void this.load(hidden, play);
    });
  }

  /** Shows `play`: the prepared layer when it holds the same file, else it is loaded first. */
  present(play: Play): void {
    this.token += 1;
    const token = this.token;
    this.presenting = this.presenting.then(async () => {
      if (token !== this.token) return;
      if (this.showsImage(play)) return this.again(play);
      const hidden = this.layers[1 - this.visible]!;
      const problem = await (hidden.play?.media.id === play.media.id && hidden.loading ? hidden.loading : this.load(hidden, play));
      if (token !== this.token) return;
      if (problem) return this.fail(hidden, problem, play);
      hidden.play = play;
      this.swapTo(hidden, play);
    });
  }

  /** Whether `play` is the image on screen now and the stage keeps it there (keepSameImage). */
  private showsImage(play: Play): boolean {
    const shown = this.layers[this.visible]!;
    return this.keepSameImage && shown.kind === 'image' && shown.root.classList.contains('shown') && shown.play?.media.id === play.media.id;
  }

  /** The image on screen plays again: the same node, a new play and timer. */
  private again(play: Play): void {
    const layer = this.layers[this.visible]!;
    layer.play = play;
    if (this.timer) clearTimeout(this.timer);
    this.started(play, play.media.duration);
    this.timer = setTimeout(() => this.finish(layer), Math.max(0.1, play.media.duration) * 1000);
  }

  private swapTo(layer: Layer, play: Play): void {
    const previous = this.layers[this.visible]!;
    this.visible = this.layers.indexOf(layer);
    layer.root.classList.add('shown', layer.kind!);
    previous.root.classList.remove('shown');
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (layer.kind === 'video') {
      const video = layer.video;
      video.currentTime = 0;
      const onPlaying = () => {
        video.removeEventListener('playing', onPlaying);
        this.started(play, Number.isFinite(video.duration) && video.duration > 0 ? video.duration : play.media.duration);
      };
      video.addEventListener('playing', onPlaying);
      video.play().catch((error: DOMException) => {
        // Without --autoplay-policy=no-user-gesture-required a browser plays only muted videos by itself.
        if (error.name !== 'NotAllowedError') return this.fail(layer, 'video_error');
        video.muted = true;
        video.play().catch(() => this.fail(layer, 'autoplay_refused'));
      });
    } else {
      const token = this.token;
      requestAnimationFrame(() => token === this.token && this.started(play, play.media.duration));
      this.timer = setTimeout(() => this.finish(layer), Math.max(0.1, play.media.duration) * 1000);
    }
    // The layer shown before is released once out of sight, so its file does not stay in memory.
    if (previous !== layer) this.release(previous);
  }

  private started(play: Play, duration: number): void {
    if (this.endedAt !== null) {
      this.stats.gaps.push(performance.now() - this.endedAt);
      this.endedAt = null;
    }
    this.stats.transitions += 1;
    this.events.started(play, duration);
  }

  private finish(layer: Layer): void {
    if (this.layers[this.visible] !== layer || !layer.play) return;
    this.endedAt = performance.now();
    this.events.ended(layer.play);
  }

  private fail(layer: Layer, reason: string, failed: Play | null = layer.play): void {
    const play = failed;
    if (!play) return;
    this.release(layer);
    this.endedAt = null;
    this.events.failed(play, reason);
  }

  /** Nothing to play: both layers emptied (the idle screen shows instead). */
  clear(): void {
    this.token += 1;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.endedAt = null;
    for (const layer of this.layers) {
      layer.root.classList.remove('shown');
      this.release(layer);
    }
  }

  /** Gone for good (a layout's zone left): both layers emptied and removed, every object URL revoked. */
  dispose(): void {
    this.clear();
    this.keepOnly([]);
    for (const layer of this.layers) layer.root.remove();
  }

  setVolume(volume: number): void {
    this.volume = Math.min(1, Math.max(0, volume));
    for (const layer of this.layers) {
      layer.video.volume = this.volume;
      layer.video.muted = this.volume === 0;
    }
  }
}
