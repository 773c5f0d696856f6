import type { Play } from '../services/player/schedule.ts';
import type { MediaStore } from '../services/player/storage.ts';

/*
 * The playback surface: two layers stacked, each with one <img> and one <video> shown at a time. The next play is
 * loaded into the hidden layer while the current one runs (an image decoded, a video loaded to its first frame); when
 * the current play ends, the layers swap and the next starts at once. A video, once loaded, stays loaded in a small pool
 * (VIDEO_POOL per stage, its element moved to whichever layer plays it): playing it again is a seek to its start, not a
 * new media player. Chromium gives back little of a media player's memory: loading a video anew on every play (setting
 * `src`, or a new element each time) grew the page's renderer by ~0.08 MB a play for good, ~35 MB a minute for a
 * 4-zone layout of short clips (bench/layouts.bench.ts), where a pooled replay keeps it flat. Images are pooled the same
 * way (IMAGE_POOL per stage, the <img> element moved to the layer that shows it): setting `src` again on every play made a
 * new decoded image each time, and the compositor's image decode cache kept them (memory-infra: cc/image_memory grew
 * 28.8 -> 85.0 MB in 3 minutes of the layouts bench, nearly all of the renderer's growth, to a plateau at the cache's
 * budget). Blob URLs are made once per file and revoked when it is no longer kept.
 */

/** Videos a stage keeps loaded (its files played again without a new media player). */
export const VIDEO_POOL = 4;
/** Images a stage keeps decoded in their own <img> (shown again without a new decode). */
export const IMAGE_POOL = 4;

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
  /** Videos loaded and kept, by file: unloaded when let go; an element no layer holds leaves the page. */
  private readonly videos = new ElementPool<HTMLVideoElement>(VIDEO_POOL, 'video', (video) => this.layerWith(video), (video) => {
    unload(video);
    if (!this.layerWith(video)) video.remove();
  });
  /** Images decoded and kept, by file: let go (the decode freed) unless a layer shows it, emptied when the layer is released. */
  private readonly images = new ElementPool<HTMLImageElement>(IMAGE_POOL, 'image', (image) => this.layerWithImage(image), (image) => {
    if (!this.layerWithImage(image)?.play) image.removeAttribute('src');
  });
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
    const image = this.makeImage();
    const video = this.makeVideo();
    video.classList.add('current');
    root.append(image, video);
    this.host.append(root);
    return { root, image, video, url: null, play: null, kind: null, loading: null };
  }

  private makeImage(): HTMLImageElement {
    const image = document.createElement('img');
    image.alt = '';
    image.decoding = 'async';
    return image;
  }

  private layerWithImage(image: HTMLImageElement): Layer | null {
    return this.layers.find((layer) => layer.image === image) ?? null;
  }

  /** Makes `image` the layer's <img> (in its place); a layer that held it gets an empty one. */
  private attachImage(layer: Layer, image: HTMLImageElement): void {
    if (layer.image === image) return;
    const holder = this.layerWithImage(image);
    if (holder) {
      const empty = this.makeImage();
      holder.root.replaceChild(empty, image);
      holder.image = empty;
    }
    layer.root.replaceChild(image, layer.image);
    layer.image = image;
  }

  /** A <video> element; its events go to whichever layer holds it then. */
  private makeVideo(): HTMLVideoElement {
    const video = document.createElement('video');
    video.playsInline = true;
    video.preload = 'auto';
    video.disablePictureInPicture = true;
    video.volume = this.volume;
    video.muted = this.volume === 0;
    video.addEventListener('ended', () => {
      const layer = this.layerWith(video);
      if (layer) this.finish(layer);
    });
    video.addEventListener('error', () => {
      this.videos.forget(video);
      const layer = this.layerWith(video);
      if (layer?.play && this.layers[this.visible] === layer) this.fail(layer, 'video_error');
    });
    return video;
  }

  private layerWith(video: HTMLVideoElement): Layer | null {
    return this.layers.find((layer) => layer.video === video) ?? null;
  }

  /**
   * Makes `video` the layer's current one (the one it shows). The layer's previous one stays in its place, hidden and
   * loaded, when it is pooled (taking a loaded video out of the document and back grew the renderer as a new load does:
   * measured, bench/layouts.bench.ts), else it goes. A pooled video is moved only when the other layer needs it; when it
   * was that layer's current one (idle: an image shows there), that layer gets an empty element instead.
   */
  private attach(layer: Layer, video: HTMLVideoElement): void {
    if (layer.video === video) return;
    const holder = this.layerWith(video);
    if (holder) {
      holder.video = this.makeVideo();
      holder.video.classList.add('current');
      holder.root.append(holder.video);
    }
    const previous = layer.video;
    previous.classList.remove('current');
    if (!this.videos.holds(previous)) previous.remove();
    if (video.parentElement !== layer.root) layer.root.append(video);
    video.classList.add('current');
    layer.video = video;
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
      // A video still loaded from the URL may read it again (a seek): unloaded first.
      this.videos.drop(id);
      this.images.drop(id);
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
        const pooled = this.videos.take(layer, play.media.id, stored.url);
        if (pooled) {
          this.attach(layer, pooled);
          // Loaded already: back to its first frame (a seek, no new media player).
          pooled.currentTime = 0;
          if (pooled.readyState < HTMLMediaElement.HAVE_FUTURE_DATA) await videoReady(pooled, ['canplay', 'seeked']);
        } else {
          const video = layer.video;
          // The layer's element plays another pooled file: that one stays loaded, this file gets an element of its own.
          if (this.videos.holds(video)) this.attach(layer, this.makeVideo());
          layer.video.src = layer.url;
          const loaded = videoReady(layer.video, ['canplay']);
          layer.video.load();
          await loaded;
          this.videos.keep(play.media.id, stored.url, layer.video);
        }
      } else {
        layer.kind = 'image';
        const pooled = this.images.take(layer, play.media.id, stored.url);
        if (pooled) {
          this.attachImage(layer, pooled);
          if (!pooled.complete) await pooled.decode();
        } else {
          // The layer's element shows another pooled file: that one stays kept, this file gets an element of its own.
          if (this.images.holds(layer.image)) this.attachImage(layer, this.makeImage());
          layer.image.src = layer.url;
          await layer.image.decode();
          if (current()) this.images.keep(play.media.id, stored.url, layer.image);
        }
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
    // A pooled video stays loaded (paused) for its next play; any other is unloaded.
    if (layer.video.getAttribute('src')) {
      if (this.videos.holds(layer.video)) layer.video.pause();
      else unload(layer.video);
    }
    // A pooled image stays decoded in its element for its next play; any other is let go.
    if (layer.image.getAttribute('src') && !this.images.holds(layer.image)) layer.image.removeAttribute('src');
    layer.url = null;
  }

  /** Loads the play after the current one out of sight (null: nothing to prepare). */
  prepare(play: Play | null): void {
    // The hidden layer is free once the play being presented has swapped in.
    void this.presenting.then(() => {
      if (play === null || this.showsImage(play)) return;
      const hidden = this.layers[1 - this.visible]!;
      if (hidden.play && hidden.play.media.id === play.media.id && hidden.loading) return;
      if (this.showsVideo(play)) return;
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
      if (this.showsVideo(play)) return this.replay(play);
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

  /** Whether `play` is the video on screen now (a file looping alone): it plays again where it is. */
  private showsVideo(play: Play): boolean {
    const shown = this.layers[this.visible]!;
    return shown.kind === 'video' && shown.root.classList.contains('shown') && shown.play?.media.id === play.media.id && shown.video.getAttribute('src') !== null;
  }

  /** The video on screen plays again from its start: the same element, a new play. */
  private replay(play: Play): void {
    const layer = this.layers[this.visible]!;
    layer.play = play;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.startVideo(layer, play);
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
      this.startVideo(layer, play);
    } else {
      const token = this.token;
      requestAnimationFrame(() => token === this.token && this.started(play, play.media.duration));
      this.timer = setTimeout(() => this.finish(layer), Math.max(0.1, play.media.duration) * 1000);
    }
    // The layer shown before is released once out of sight, so its file does not stay in memory.
    if (previous !== layer) this.release(previous);
  }

  private startVideo(layer: Layer, play: Play): void {
    const video = layer.video;
    if (video.currentTime !== 0) video.currentTime = 0;
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
  }

  private started(play: Play, duration: number): void {
    if (this.endedAt !== null) {
      this.stats.gaps.push(performance.now() - this.endedAt);
      // The last 1,000 to 2,000 gaps (the benches read them): bounded on a screen that plays for months.
      if (this.stats.gaps.length > 2000) this.stats.gaps.splice(0, 1000);
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
    if (play.media.id !== undefined && this.videos.get(play.media.id) === layer.video) this.videos.drop(play.media.id);
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
    // Nothing plays: no video stays loaded, no image decoded.
    this.videos.dropAll();
    this.images.dropAll();
  }

  /** Gone for good (a layout's zone left): both layers emptied and removed, every object URL revoked. */
  dispose(): void {
    this.clear();
    this.keepOnly([]);
    for (const layer of this.layers) layer.root.remove();
  }

  setVolume(volume: number): void {
    this.volume = Math.min(1, Math.max(0, volume));
    for (const video of new Set([...this.layers.map((layer) => layer.video), ...this.videos.elements()])) {
      video.volume = this.volume;
      video.muted = this.volume === 0;
    }
  }
}

/** Frees a video's media player: its source removed and the element reset. */
/**
 * Elements kept loaded per file, least recently used first (the stage's videos and images: a file played again reuses
 * its element instead of a new load or decode). `shownBy` names the layer holding an element; `release` frees one let go.
 */
class ElementPool<E extends HTMLElement> {
  private readonly kept = new Map<number, { element: E; url: string }>();

  constructor(
    private readonly size: number,
    private readonly kind: 'video' | 'image',
    private readonly shownBy: (element: E) => Layer | null,
    private readonly release: (element: E) => void,
  ) {}

  get(id: number): E | undefined {
    return this.kept.get(id)?.element;
  }

  holds(element: E): boolean {
    for (const kept of this.kept.values()) if (kept.element === element) return true;
    return false;
  }

  elements(): E[] {
    return [...this.kept.values()].map((kept) => kept.element);
  }

  /** Forgets `element` without releasing it (it failed). */
  forget(element: E): void {
    for (const [id, kept] of this.kept) if (kept.element === element) this.kept.delete(id);
  }

  /** The kept element of file `id` from `url` for `layer` (null: not kept, or on screen in another layer), now the most recently used. */
  take(layer: Layer, id: number, url: string): E | null {
    const kept = this.kept.get(id);
    if (!kept) return null;
    if (kept.url !== url) {
      this.drop(id);
      return null;
    }
    const holder = this.shownBy(kept.element);
    if (holder && holder !== layer && holder.kind === this.kind && holder.play) return null;
    this.kept.delete(id);
    this.kept.set(id, kept);
    return kept.element;
  }

  /** File `id` now loaded in `element`; beyond the pool's size the least recently used one no layer plays is let go. */
  keep(id: number, url: string, element: E): void {
    this.forget(element);
    this.kept.delete(id);
    this.kept.set(id, { element, url });
    for (const [other, kept] of this.kept) {
      if (this.kept.size <= this.size) break;
      if (this.shownBy(kept.element)?.play) continue;
      this.drop(other);
    }
  }

  drop(id: number): void {
    const kept = this.kept.get(id);
    if (!kept) return;
    this.kept.delete(id);
    this.release(kept.element);
  }

  dropAll(): void {
    for (const id of [...this.kept.keys()]) this.drop(id);
  }
}

function unload(video: HTMLVideoElement): void {
  video.pause();
  video.removeAttribute('src');
  video.load();
}

/** Resolves on the first of `events` (the video can play from where it is), rejects on its error. */
function videoReady(video: HTMLVideoElement, events: string[]): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const ready = () => (cleanup(), resolve());
    const failed = () => (cleanup(), reject(new Error(`video_error ${video.error?.code ?? ''} ${video.error?.message ?? ''}`)));
    const cleanup = () => {
      for (const event of events) video.removeEventListener(event, ready);
      video.removeEventListener('error', failed);
    };
    for (const event of events) video.addEventListener(event, ready);
    video.addEventListener('error', failed);
  });
}
