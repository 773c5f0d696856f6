import type { DeviceCapabilities } from '../services/schemas/playback.ts';
import { browserProbe, measureCapabilities, NowPlayingChanges, PlaybackReport } from '../services/player/playbackReport.ts';
import type { HeartbeatReport } from '../services/player/protocol.ts';
import type { Play } from '../services/player/schedule.ts';

/*
 * The web player's side of delivery (issue 24), kept out of main.ts: capabilities measured in this browser (sent at
 * hello and again when they change), what plays now and every skipped file with its reason, on each heartbeat. A change
 * of what plays asks for a heartbeat at once, at most one per 5.5 s (NowPlayingChanges, issue 35.4).
 */

type DeliveryFields = Pick<HeartbeatReport, 'capabilities' | 'now_playing' | 'playback_errors'>;

/** While a layout plays: its event, the version drawn and each zone's current file (the heartbeat's now_playing.layout/zones). */
export type LayoutNow = () => { event: number; layout: { id: number; version: number }; zones: { id: number; media_id: number | null; started_at: string }[] } | null;

export function deliveryReport(measure: () => DeviceCapabilities = () => measureCapabilities(browserProbe()), heartbeatNow: () => void = () => undefined, layoutNow: LayoutNow = () => null) {
  const playback = new PlaybackReport();
  const changes = new NowPlayingChanges();
  let sent: string | null = null;
  const current = () => {
    const capabilities = measure();
    return { capabilities, text: JSON.stringify(capabilities) };
  };
  return {
    started(play: Play, seconds: number) {
      playback.started(play.event, play.media.id, seconds);
      const wait = changes.changed(play.event, play.media.id, Date.now());
      if (wait !== null) setTimeout(heartbeatNow, wait);
    },
    /** A layout started drawing: reported at once as a file's start is (a layout of widgets starts no file). */
    layoutShown(event: number) {
      const wait = changes.changed(event, null, Date.now());
      if (wait !== null) setTimeout(heartbeatNow, wait);
    },
    skipped(media: number, reason: string) {
      playback.skipped(media, reason);
    },
    hello(): { capabilities: DeviceCapabilities } {
      const { capabilities, text } = current();
      sent = text;
      return { capabilities };
    },
    /** Runs a heartbeat with the delivery fields; skips it could not deliver are kept for the next one. */
    async heartbeat<T>(send: (fields: DeliveryFields) => Promise<T>): Promise<T> {
      const fields: DeliveryFields = playback.take();
      // A layout item: `media` is its lead zone's file (started() is called for that zone's plays), plus every zone's.
      const drawn = layoutNow();
      if (fields.now_playing && drawn && drawn.event === fields.now_playing.event) fields.now_playing = { ...fields.now_playing, layout: drawn.layout, zones: drawn.zones.slice(0, 16) };
      // A layout no zone of which shows a file (widgets alone, issue 38; or a file of another item still "now"): the
      // layout is what plays, `media` null, since its first zone started.
      else if (drawn) fields.now_playing = { event: drawn.event, media: null, started_at: drawn.zones.map((zone) => zone.started_at).sort()[0] ?? new Date().toISOString(), layout: drawn.layout, zones: drawn.zones.slice(0, 16) };
      changes.beat(Date.now());
      const { capabilities, text } = current();
      if (text !== sent) fields.capabilities = capabilities;
      try {
        const answer = await send(fields);
        if (fields.capabilities) sent = text;
        return answer;
      } catch (error) {
        playback.restore(fields.playback_errors);
        throw error;
      }
    },
  };
}
