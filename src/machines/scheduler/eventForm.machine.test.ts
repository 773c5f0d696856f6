import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { eventBodyOf, eventFieldErrors, eventFormInput, eventFormMachine } from './eventForm.machine.ts';

const dropped = eventFormInput({ campaign: 9, date: '2026-11-05', time: '08:00', playlist: { id: 4, name: 'News' }, devices: [11] });

describe('event form rules (section 5)', () => {
  it('accepts a playlist dropped at 08:00 as it opens: one hour, every day, titled after the playlist', () => {
    expect(dropped.fields).toMatchObject({ title: 'News', playlist: 4, start_time: '08:00', end_time: '09:00', all_day: false, repeat: false });
    expect(eventFieldErrors(dropped.fields)).toEqual({});
  });

  it('names each missing piece with its section 8 code', () => {
    const empty = eventFormInput({ campaign: 9, date: '2026-11-05', time: null });
    expect(eventFieldErrors({ ...empty.fields, title: '  ' })).toEqual({ title: 'title_required', media: 'media_or_playlist_required', devices: 'devices_required' });
  });

  it('needs at least one weekday for a weekly repeat', () => {
    expect(eventFieldErrors({ ...dropped.fields, repeat: true, weekdays: [] })).toEqual({ weekdays: 'weekdays_required' });
    expect(eventFieldErrors({ ...dropped.fields, repeat: true, weekdays: [6] })).toEqual({});
  });

  it('refuses an end before the start, and a malformed time or duration', () => {
    expect(eventFieldErrors({ ...dropped.fields, end_time: '07:30' })).toEqual({ end_date: 'end_before_start' });
    expect(eventFieldErrors({ ...dropped.fields, start_time: '8:00', duration: '0' })).toEqual({ start_time: 'invalid', duration: 'invalid' });
    expect(eventFieldErrors({ ...dropped.fields, all_day: true, start_time: 'x', end_time: 'x' })).toEqual({});
    expect(eventFieldErrors({ ...dropped.fields, repeat: true, weekdays: [1], end_time: '07:30' })).toEqual({});
  });

  it('sends the weekdays sorted only for a weekly repeat, no times for an all-day event', () => {
    expect(eventBodyOf({ ...dropped.fields, repeat: true, weekdays: [5, 1, 3], duration: ' 30 ' })).toMatchObject({ weekdays: [1, 3, 5], duration: 30, media: null, playlist: 4 });
    expect(eventBodyOf({ ...dropped.fields, all_day: true, repeat: false, weekdays: [2] })).toMatchObject({ weekdays: [], start_time: null, end_time: null, all_day: true });
  });

  it('sends only the chosen kind of content: a layout (issue 36) drops the playlist the form still holds, and an edited layout event opens on its layout', () => {
    expect(eventBodyOf({ ...dropped.fields, source: 'layout', layout: null })).toMatchObject({ media: null, playlist: null, layout: null });
    expect(eventFieldErrors({ ...dropped.fields, source: 'layout', layout: null })).toEqual({ media: 'media_or_playlist_required' });
    expect(eventBodyOf({ ...dropped.fields, source: 'layout', layout: 12 })).toMatchObject({ media: null, playlist: null, layout: 12 });
    const edited = eventFormInput({
      ...{ id: 3, campaign: 9, title: 'Wall', media: null, playlist: null, layout: 12, start_date: '2026-11-05', start_time: '00:00', end_date: '2026-11-05' },
      ...{ end_time: '00:00', all_day: true, color: '#3788d8', duration: null, repeat: false, weekdays: [], devices: [11], priority: 0 },
    } as unknown as Parameters<typeof eventFormInput>[0]);
    expect(edited.fields).toMatchObject({ source: 'layout', layout: 12, playlist: null, media: null });
  });
});

describe('event form errors', () => {
  it('clears "You must select media or playlist" once a playlist is chosen (the error sits on media)', () => {
    const form = createActor(eventFormMachine, { input: eventFormInput({ campaign: 9, date: '2026-11-05', time: null, devices: [11] }) }).start();
    form.send({ type: 'form.change', field: 'title', value: 'Morning' });
    form.send({ type: 'form.save' });
    expect(form.getSnapshot().context.fieldErrors).toEqual({ media: 'media_or_playlist_required' });
    form.send({ type: 'form.change', field: 'playlist', value: 4 });
    expect(form.getSnapshot().context.fieldErrors).toEqual({});
    form.stop();
  });
});
