import { describe, expect, it } from 'vitest';
import { DeviceSchedule, Event, EventCreateBody, EventListQuery, eventProblems, PublishConflict } from './scheduler.ts';

const valid = {
  title: 'Morning loop',
  media: 3,
  start_date: '2026-11-23',
  start_time: '08:00',
  end_date: '2026-11-23',
  end_time: '09:00',
  devices: [1],
};

describe('eventProblems: the event rules with messages of their own', () => {
  it('passes a complete one-off event', () => {
    expect(eventProblems(valid)).toBeNull();
  });

  it('names every problem, the first one as the code', () => {
    expect(eventProblems({ start_date: '2026-11-23', end_date: '2026-11-23', start_time: '08:00', end_time: '09:00' })).toEqual({
      code: 'title_required',
      fields: { title: 'title_required', media: 'media_or_playlist_required', devices: 'devices_required' },
    });
  });

  it('refuses a blank title, both media and playlist, and an empty device list', () => {
    expect(eventProblems({ ...valid, title: '   ' })?.code).toBe('title_required');
    expect(eventProblems({ ...valid, playlist: 4 })?.fields).toEqual({ media: 'media_or_playlist_required' });
    expect(eventProblems({ ...valid, devices: [] })?.fields).toEqual({ devices: 'devices_required' });
  });

  it('needs a weekday for a weekly repeat, and times unless all day', () => {
    expect(eventProblems({ ...valid, repeat: true, weekdays: [] })?.fields).toEqual({ weekdays: 'weekdays_required' });
    expect(eventProblems({ ...valid, repeat: true, weekdays: [1, 3] })).toBeNull();
    expect(eventProblems({ ...valid, start_time: null, end_time: undefined })?.fields).toEqual({ start_time: 'time_required', end_time: 'time_required' });
    expect(eventProblems({ ...valid, all_day: true, start_time: null, end_time: null })).toBeNull();
  });

  it('refuses an end before the start; a repeat may end before its start time (overnight)', () => {
    expect(eventProblems({ ...valid, end_time: '08:00' })?.fields).toEqual({ end_date: 'end_before_start' });
    expect(eventProblems({ ...valid, end_date: '2026-11-22' })?.fields).toEqual({ end_date: 'end_before_start' });
    expect(eventProblems({ ...valid, weekdays: [5], start_time: '22:00', end_time: '02:00' })).toBeNull();
    expect(eventProblems({ ...valid, weekdays: [5], end_date: '2026-11-22' })?.fields).toEqual({ end_date: 'end_before_start' });
    expect(eventProblems({ ...valid, all_day: true })).toBeNull();
  });
});

describe('scheduler schemas', () => {
  it('checks shapes only, leaving the rules above to eventProblems', () => {
    expect(EventCreateBody.is({ campaign: 1, start_date: '2026-11-23', end_date: '2026-11-23' })).toBe(true);
    expect(EventCreateBody.is({ campaign: 1, start_date: '2026-02-30', end_date: '2026-11-23' })).toBe(false);
    expect(EventCreateBody.is({ campaign: 1, start_date: '2026-11-23', end_date: '2026-11-23', start_time: '24:00' })).toBe(false);
    expect(EventCreateBody.is({ campaign: 1, start_date: '2026-11-23', end_date: '2026-11-23', weekdays: [0] })).toBe(false);
    expect(EventCreateBody.is({ campaign: 1, start_date: '2026-11-23', end_date: '2026-11-23', color: 'red' })).toBe(false);
    expect(EventListQuery.is({ campaign: '3', start: '2026-11-01T00:00:00+01:00', end: '2026-12-01' })).toBe(false);
    expect(EventListQuery.create({ campaign: '3', start: '2026-11-01T00:00:00+01:00', end: '2026-12-01' })).toEqual({
      campaign: 3,
      start: '2026-11-01T00:00:00+01:00',
      end: '2026-12-01',
    });
  });

  it('describes the answers', () => {
    expect(
      DeviceSchedule.is({ device: 1, version: 0, timezone: 'Europe/Berlin', generated_at: null, valid_until: null, items: [] }),
    ).toBe(true);
    expect(PublishConflict.is({ detail: 'Uncommited playlists found!', code: 'uncommitted_playlists', playlists: [{ id: 1, name: 'Loop' }] })).toBe(true);
    expect(Event.is({})).toBe(false);
  });
});
