import type { Actor } from 'xstate';
import type { playerLifecycleMachine } from '../machines/player/playerLifecycle.machine.ts';
import { keepChannel, type ChannelEvent, type NoticeKind } from '../services/player/channel.ts';

type Lifecycle = Actor<typeof playerLifecycleMachine>;

/** Lifecycle states in which the player holds a key the server may still accept: the channel is kept open. */
const CONNECTED_STATES = ['greeting', 'syncing', 'online', 'offline'] as const;

/**
 * What a notice asks of the lifecycle: `schedule` when it names the schedule (fetch it now, no heartbeat first: the notice
 * is written with the stored schedule, and what is on screen switches at once, issue 35.1), `heartbeat` when it names
 * anything else the player fetches through the heartbeat, or nothing it knows. An `override` notice beside a `schedule`
 * one adds nothing (the override is an item of the schedule); alone (written apart, after the compile) it heartbeats,
 * which costs the server less than a schedule read.
 */
export function noticeWants(kinds: readonly NoticeKind[]): { schedule: boolean; heartbeat: boolean } {
  const schedule = kinds.includes('schedule');
  return { schedule, heartbeat: !schedule || kinds.some((kind) => kind !== 'schedule' && kind !== 'override') };
}

/**
 * The live channel of the web player (docs/api.md "Live channel"): open while the player holds a key, closed on the
 * pairing, refusal and restart screens. A `schedule` notice asks the lifecycle to fetch the schedule now;
 * every other notice, and every reopening after a loss (notices may have been missed), asks for a heartbeat now. One
 * that arrives while a heartbeat or a schedule fetch is under way is noted by the lifecycle and carried out when that one
 * is done; one the lifecycle cannot take yet (greeting) is kept here until it can.
 * `onEvent` sees every frame (diagnostics).
 */
export function wireChannel(lifecycle: Lifecycle, serial: string, host: HTMLElement, onEvent: (event: ChannelEvent) => void = () => undefined): { heartbeatNow(): void } {
  let channel: { stop(): void } | null = null;
  let pending = false;
  let pendingSchedule = false;
  let opened = 0;

  const deliver = () => {
    if (pendingSchedule && lifecycle.getSnapshot().can({ type: 'channel.schedule' })) {
      pendingSchedule = false;
      lifecycle.send({ type: 'channel.schedule' });
    }
    if (pending && lifecycle.getSnapshot().can({ type: 'channel.notice' })) {
      pending = false;
      lifecycle.send({ type: 'channel.notice' });
    }
  };

  const start = () => {
    channel = keepChannel({
      target: () => {
        const key = lifecycle.getSnapshot().context.key;
        return key ? { origin: '', serial, key } : null;
      },
      onEvent: (event) => {
        onEvent(event);
        if (event.type === 'notice') {
          const wants = noticeWants(event.kinds);
          pendingSchedule ||= wants.schedule;
          pending ||= wants.heartbeat;
          deliver();
        } else if (event.type === 'ready' && opened++ > 0) {
          pending = true;
          deliver();
        }
      },
      onState: (state) => {
        host.dataset.channel = state;
      },
    });
  };

  const follow = (snapshot: ReturnType<Lifecycle['getSnapshot']>) => {
    const wanted = snapshot.context.key !== null && CONNECTED_STATES.some((state) => snapshot.matches(state));
    if (wanted && !channel) start();
    else if (!wanted && channel) {
      channel.stop();
      channel = null;
      opened = 0;
    }
    deliver();
  };
  lifecycle.subscribe(follow);
  follow(lifecycle.getSnapshot());
  /** A heartbeat now (or when the lifecycle rests again), as a notice asks: the player reports what it plays (issue 35.4). */
  return {
    heartbeatNow() {
      pending = true;
      deliver();
    },
  };
}
