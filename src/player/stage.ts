import type { Play } from '../services/player/schedule.ts';
import type { MediaStore } from '../services/player/storage.ts';

/*
 * The playback surface: two layers stacked, each with one <img> and one <video> that are reused (so 500 plays make
 * no more elements than 2). The next play is loaded into the hidden layer while the current one runs (an image
 * decoded, a video loaded to its first frame); when the current play ends, the layers swap and the next starts at
 * once. Blob URLs are revoked when a layer is reused, and a video's source is released, so memory stays flat.
 */

export interface StageEvents {
  /** A play began to show (its proof of play is recorded now); `duration` in seconds. */
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
  loading: Promise<boolean> | null;
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

  /** Loads `play` into `layer` (hidden): resolves true when it can start without waiting. */
  private load(layer: Layer, play: Play): Promise<boolean> {
    this.release(layer);
    layer.play = play;
    const loading = (async () => {
      const stored = await this.store.get(play.media.id);
      if (!stored || layer.play !== play) return false;
      layer.url = URL.createObjectURL(stored.blob);
      if (stored.type.startsWith('video/')) {
        layer.kind = 'video';
        layer.video.src = layer.url;
        layer.video.volume = this.volume;
        layer.video.muted = this.volume === 0;
        await new Promise<void>((resolve, reject) => {
          const ready = () => (cleanup(), resolve());
          const failed = () => (cleanup(), reject(new Error('video_error')));
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
      return layer.play === play;
    })().catch(() => false);
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
    if (layer.url) URL.revokeObjectURL(layer.url);
    layer.url = null;
  }

  /** Loads the play after the current one out of sight (null: nothing to prepare). */
  prepare(play: Play | null): void {
    // The hidden layer is free once the play being presented has swapped in.
    void this.presenting.then(() => {
      if (play === null) return;
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
      const hidden = this.layers[1 - this.visible]!;
      const prepared = hidden.play?.media.id === play.media.id && hidden.loading ? hidden.loading : this.load(hidden, play);
      hidden.play = play;
      const ok = await prepared;
      if (!ok) return this.fail(hidden, 'not_playable');
      this.swapTo(hidden, play);
    });
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
      requestAnimationFrame(() => this.started(play, play.media.duration));
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

  private fail(layer: Layer, reason: string): void {
    const play = layer.play;
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

  setVolume(volume: number): void {
    this.volume = Math.min(1, Math.max(0, volume));
    for (const layer of this.layers) {
      layer.video.volume = this.volume;
      layer.video.muted = this.volume === 0;
    }
  }
}
