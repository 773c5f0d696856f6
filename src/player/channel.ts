import type { Actor } from 'xstate';
import type { playerLifecycleMachine } from '../machines/player/playerLifecycle.machine.ts';
import { keepChannel, type ChannelEvent } from '../services/player/channel.ts';

type Lifecycle = Actor<typeof playerLifecycleMachine>;

/** Lifecycle states in which the player holds a key the server may still accept: the channel is kept open. */
const CONNECTED_STATES = ['greeting', 'syncing', 'online', 'offline'] as const;

/**
 * The live channel of the web player (docs/api.md "Live channel"): open while the player holds a key, closed on the
 * pairing, refusal and restart screens. Every notice, and every reopening after a loss (notices may have been missed),
 * asks the lifecycle for a heartbeat now; one that arrives while a heartbeat or a schedule fetch is under way is kept
 * and sent when the lifecycle rests again, so nothing announced during a fetch waits for the next beat.
 * `onEvent` sees every frame (diagnostics).
 */
export function wireChannel(lifecycle: Lifecycle, serial: string, host: HTMLElement, onEvent: (event: ChannelEvent) => void = () => undefined): { heartbeatNow(): void } {
  let channel: { stop(): void } | null = null;
  let pending = false;
  let opened = 0;

  const deliver = () => {
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
        if (event.type === 'notice' || (event.type === 'ready' && opened++ > 0)) {
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
