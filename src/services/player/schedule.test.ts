import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { playerSequencerMachine } from '../../machines/player/playerSequencer.machine.ts';
import { advance, nextPlay, sameLayout, scheduleExpiry, scheduleState, stillAllowed, wantedMedia, type DeviceSchedule, type ScheduleItem } from './schedule.ts';

const at = (hhmm: string) => Date.parse(`2026-11-22T${hhmm}:00Z`);
const media = (id: number, duration = 10) => ({ id, url: `/api/v1/media/files/${id}/source`, checksum: '', duration, type: '' });
const item = (event: number, from: string, to: string, priority: number, ids: number[]): ScheduleItem => ({
  event,
  title: `Event ${event}`,
  starts_at: `2026-11-22T${from}:00Z`,
  ends_at: `2026-11-22T${to}:00Z`,
  priority,
  playlist: null,
  media: ids.map((id) => media(id)),
});

/*
 * 08:00-12:00 event 1 (priority 0): files 11, 12
 * 09:00-10:00 event 2 (priority 5): file 21          -> wins 09-10 alone
 * 09:30-11:00 event 3 (priority 5): files 31, 32     -> 09:30-10:00 in turn with event 2; 10-11 wins alone
 * 14:00-15:00 event 4 (priority 1): file 41          -> later
 */
const schedule: DeviceSchedule = {
  device: 7,
  version: 3,
  timezone: 'Europe/Berlin',
  generated_at: '2026-11-22T00:00:00Z',
  valid_until: '2026-11-29T00:00:00Z',
  items: [item(1, '08:00', '12:00', 0, [11, 12]), item(2, '09:00', '10:00', 5, [21]), item(3, '09:30', '11:00', 5, [31, 32]), item(4, '14:00', '15:00', 1, [41])],
};
const all = new Set([11, 12, 21, 31, 32, 41]);

/** The media ids of `count` consecutive plays from `now`, each continuing from the one before. */
function sequence(now: number, count: number, ready = all): number[] {
  const ids: number[] = [];
  let cursor = null;
  for (let i = 0; i < count; i++) {
    const play = nextPlay(schedule, now, cursor, ready);
    if (!play) break;
    ids.push(play.media.id);
    cursor = advance(cursor, play);
  }
  return ids;
}

describe('the playback sequence over overlaps and priorities', () => {
  it('plays one event alone in its list order, wrapping around', () => {
    expect(sequence(at('08:30'), 5)).toEqual([11, 12, 11, 12, 11]);
  });

  it('lets the higher priority win the overlap: the lower one does not play there', () => {
    expect(sequence(at('09:10'), 3)).toEqual([21, 21, 21]);
  });

  it('lets equal top priorities take turns, one file each, in ascending event id, each event going on in its own list', () => {
    expect(sequence(at('09:45'), 7)).toEqual([21, 31, 21, 32, 21, 31, 21]);
  });

  it('resumes the lower priority when the higher ones are over', () => {
    expect(sequence(at('10:30'), 3)).toEqual([31, 32, 31]);
    expect(sequence(at('11:30'), 2)).toEqual([11, 12]);
  });

  it('continues after the cursor when the cursor event is over, and skips files not yet downloaded', () => {
    expect(nextPlay(schedule, at('10:30'), { event: 2, index: 0, positions: { 2: 0, 3: 0 } }, all)?.media.id).toBe(32);
    expect(sequence(at('09:45'), 4, new Set([21, 32]))).toEqual([21, 32, 21, 32]);
    expect(nextPlay(schedule, at('09:10'), null, new Set([11, 12]))).toBeNull();
  });

  it('answers the schedule state and expiry the heartbeat reports, and nothing past valid_until', () => {
    expect([at('07:00'), at('09:00'), at('12:30'), at('16:00')].map((now) => scheduleState(schedule, now, all))).toEqual(['waiting', 'playing', 'waiting', 'not_found']);
    expect(scheduleExpiry(schedule)).toBe('2026-11-22T15:00:00.000Z');
    expect(scheduleState({ ...schedule, valid_until: '2026-11-22T09:00:00Z' }, at('09:30'), all)).toBe('not_found');
  });

  it('wants the files of the occurrences not yet over, soonest first, each once', () => {
    expect(wantedMedia(schedule, at('09:45')).map((m) => m.id)).toEqual([11, 12, 21, 31, 32, 41]);
    expect(wantedMedia(schedule, at('11:30')).map((m) => m.id)).toEqual([11, 12, 41]);
    expect(wantedMedia(schedule, at('16:00'))).toEqual([]);
  });

  it("wants a layout item's background image and zones' files, offline like the others", () => {
    const file = (id: number) => ({ id, url: `/f/${id}`, checksum: `c${id}`, duration: 2 });
    const layout = { id: 5, version: 1, width: 1920, height: 1080, background: { color: '#000000', image: file(50) }, zones: [{ id: 1, x: 0, y: 0, width: 1440, height: 1080, z: 0, items: [file(51), file(11)] }, { id: 2, x: 1440, y: 0, width: 480, height: 1080, z: 1, items: [file(52)] }] };
    const withLayout = { ...schedule, items: [...schedule.items, { ...schedule.items[0]!, event: 9, media: [], layout }] };
    expect(wantedMedia(withLayout, at('11:30')).map((m) => m.id)).toEqual([11, 12, 50, 51, 52, 41]);
  });

  it('plays a layout item as one play that lasts while its event wins, and cuts it when a commit or override takes it away', () => {
    const file = (id: number) => ({ id, url: `/f/${id}`, checksum: `c${id}`, duration: 2 });
    const layout = { id: 5, version: 1, width: 1920, height: 1080, background: { color: '#000000', image: null }, zones: [{ id: 2, x: 1440, y: 0, width: 480, height: 1080, z: 1, items: [file(52)] }, { id: 1, x: 0, y: 0, width: 1440, height: 1080, z: 0, items: [file(51), file(53)] }, { id: 3, x: 0, y: 0, width: 100, height: 100, z: 2, widget: { kind: 'clock' } }] };
    const layoutItem = { ...item(9, '08:00', '12:00', 9, []), layout };
    const withLayout = { ...schedule, items: [...schedule.items, layoutItem] };
    const ready = new Set([...all, 51, 52, 53]);
    const play = nextPlay(withLayout, at('09:00'), null, ready)!;
    // The lead zone (the largest with files) names the play's file; the widget zone has no items and breaks nothing.
    expect(play).toMatchObject({ event: 9, layout: { id: 5, version: 1 }, media: { id: 51 } });
    const again = nextPlay(withLayout, at('09:00'), advance(null, play), ready)!;
    expect(sameLayout(play, again)).toBe(true);
    // Playable once one of its zones' files is kept.
    expect(nextPlay(withLayout, at('09:00'), null, all)).toBeNull();
    expect(nextPlay(withLayout, at('09:00'), null, new Set([52]))).toMatchObject({ event: 9, media: { id: 52 } });
    // A zone's file no longer kept does not cut the layout; a new version or another event does.
    expect(stillAllowed(play, withLayout, at('09:00'), new Set())).toBe(true);
    const committed = { ...withLayout, items: [...schedule.items, { ...layoutItem, layout: { ...layout, version: 2 } }] };
    expect(stillAllowed(play, committed, at('09:00'), ready)).toBe(false);
    expect(sameLayout(play, nextPlay(committed, at('09:00'), null, ready))).toBe(false);
    const overridden = { ...withLayout, items: [...withLayout.items, { ...item(77, '08:00', '12:00', 1000, [11]), override: 3 }] };
    expect(stillAllowed(play, overridden, at('09:00'), ready)).toBe(false);
  });
});

describe('the sequencer machine', () => {
  it('presents each play, prepares the one after it, and follows the schedule as plays end', () => {
    const presented: number[] = [];
    const prepared: (number | null)[] = [];
    const actor = createActor(
      playerSequencerMachine.provide({
        actions: {
          present: (_, params) => presented.push(params.play.media.id),
          prepare: (_, params) => prepared.push(params.play?.media.id ?? null),
        },
      }),
    ).start();
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'sequence.schedule', schedule, now: at('09:45') });
    // On now but nothing downloaded yet: waiting for the files.
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'sequence.ready', ready: [...all], now: at('09:45') });
    expect(actor.getSnapshot().value).toBe('playing');
    for (let i = 0; i < 3; i++) actor.send({ type: 'play.ended', now: at('09:46') });
    expect(presented).toEqual([21, 31, 21, 32]);
    expect(prepared).toEqual([31, 21, 32, 21]);
    actor.send({ type: 'play.ended', now: at('12:30') });
    expect(actor.getSnapshot().value).toBe('waiting');
    actor.send({ type: 'clock.tick', now: at('14:00') });
    expect([actor.getSnapshot().value, presented.at(-1)]).toEqual(['playing', 41]);
  });

  it('cuts the play on screen at once when an override starts, is cleared or ends, or a publish removes its file; keeps it for a change that keeps it', () => {
    const presented: number[] = [];
    const actor = createActor(playerSequencerMachine.provide({ actions: { present: (_, params) => presented.push(params.play.media.id) } })).start();
    // 08:30: event 1 alone, file 11 (a long video, say) on screen.
    actor.send({ type: 'sequence.ready', ready: [...all, 91], now: at('08:30') });
    actor.send({ type: 'sequence.schedule', schedule, now: at('08:30') });
    expect(presented).toEqual([11]);
    // Another event at the same priority, a change elsewhere: file 11 plays on.
    const added = { ...schedule, version: 4, items: [...schedule.items, item(5, '08:00', '12:00', 0, [12])] };
    actor.send({ type: 'sequence.schedule', schedule: added, now: at('08:31') });
    expect(presented).toEqual([11]);
    // An override (until 08:40) starts: at once, not when file 11 ends.
    const override: ScheduleItem = { ...item(-7, '08:32', '08:40', 1_000_000, [91]), override: 7 };
    const withOverride = { ...added, version: 5, items: [...added.items, override] };
    actor.send({ type: 'sequence.schedule', schedule: withOverride, now: at('08:32') });
    expect(presented).toEqual([11, 91]);
    // Ticks while it runs change nothing; its end time returns to the schedule at once.
    actor.send({ type: 'clock.tick', now: at('08:35') });
    expect(presented).toEqual([11, 91]);
    actor.send({ type: 'clock.tick', now: at('08:40') });
    expect(presented).toEqual([11, 91, 12]);
    // A second override, cleared: it comes and goes at once.
    const second = { ...added, version: 6, items: [...added.items, { ...override, ends_at: '2026-11-22T23:00:00Z', override: 8 }] };
    actor.send({ type: 'sequence.schedule', schedule: second, now: at('08:41') });
    actor.send({ type: 'sequence.schedule', schedule: { ...added, version: 7 }, now: at('08:42') });
    expect(presented.slice(3)).toEqual([91, 11]);
    // A publish that replaces file 11 by 12: cut at once; a file dropped from the kept ones likewise.
    const replaced = { ...schedule, version: 8, items: [item(1, '08:00', '12:00', 0, [12])] };
    actor.send({ type: 'sequence.schedule', schedule: replaced, now: at('08:43') });
    expect(presented.slice(5)).toEqual([12]);
    actor.send({ type: 'sequence.ready', ready: [11], now: at('08:44') });
    expect(actor.getSnapshot().value).toBe('waiting');
  });
});
