import type { DeviceCapabilities } from '../services/schemas/playback.ts';
import { browserProbe, measureCapabilities, PlaybackReport } from '../services/player/playbackReport.ts';
import type { HeartbeatReport } from '../services/player/protocol.ts';
import type { Play } from '../services/player/schedule.ts';

/*
 * The web player's side of delivery (issue 24), kept out of main.ts: capabilities measured in this browser (sent at
 * hello and again when they change), what plays now and every skipped file with its reason, on each heartbeat.
 */

type DeliveryFields = Pick<HeartbeatReport, 'capabilities' | 'now_playing' | 'playback_errors'>;

export function deliveryReport(measure: () => DeviceCapabilities = () => measureCapabilities(browserProbe())) {
  const playback = new PlaybackReport();
  let sent: string | null = null;
  const current = () => {
    const capabilities = measure();
    return { capabilities, text: JSON.stringify(capabilities) };
  };
  return {
    started(play: Play, seconds: number) {
      playback.started(play.event, play.media.id, seconds);
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
