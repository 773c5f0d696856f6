import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Event, isEvent } from './scheduler.ts';

// Objects as JSON answers carry them (a prototype, no own toString): superstruct cannot print any other object.
const jsonObject = fc.dictionary(fc.string().filter((key) => !(key in Object.prototype)), fc.jsonValue(), { noNullPrototype: true });
const anything = fc.oneof(fc.string(), fc.constant(null), fc.integer(), fc.double(), fc.boolean(), fc.constant(undefined), fc.array(fc.integer()), jsonObject);
/** Mostly a right value, sometimes anything at all. */
const field = (good: fc.Arbitrary<unknown>) => fc.oneof({ weight: 40, arbitrary: good }, { weight: 1, arbitrary: anything });
const goodId = fc.integer({ min: 1, max: 2147483647 });
const id = fc.oneof({ weight: 12, arbitrary: goodId }, fc.integer({ min: -5, max: 0 }), fc.constant(2147483648), fc.constant(1.5));

describe('isEvent', () => {
  it('answers what the Event schema answers, for events right and wrong in every field', () => {
    const event = fc.record(
      {
        id: field(id),
        campaign: field(goodId),
        campaign_name: field(fc.string()),
        title: field(fc.string()),
        media: field(fc.option(id, { nil: null })),
        media_name: field(fc.option(fc.string(), { nil: null })),
        playlist: field(fc.option(goodId, { nil: null })),
        playlist_name: field(fc.option(fc.string(), { nil: null })),
        playlist_committed: field(fc.option(fc.boolean(), { nil: null })),
        start_date: field(fc.string()),
        start_time: field(fc.string()),
        end_date: field(fc.string()),
        end_time: field(fc.string()),
        all_day: field(fc.boolean()),
        color: field(fc.string()),
        duration: field(fc.option(fc.oneof({ weight: 8, arbitrary: fc.integer() }, fc.double()), { nil: null })),
        repeat: field(fc.boolean()),
        weekdays: field(fc.array(fc.oneof({ weight: 20, arbitrary: fc.integer({ min: 1, max: 7 }) }, fc.double()))),
        devices: field(fc.array(id, { maxLength: 3 })),
        published: field(fc.boolean()),
        priority: field(fc.oneof({ weight: 8, arbitrary: fc.integer() }, fc.double())),
        created_at: field(fc.string()),
        updated_at: field(fc.string()),
      },
      // Mostly every field present, so that a wrong one decides.
      { requiredKeys: ['id', 'campaign', 'campaign_name', 'title', 'media', 'media_name', 'playlist', 'playlist_name', 'playlist_committed', 'start_date', 'start_time', 'end_date', 'end_time', 'all_day', 'color', 'duration', 'repeat', 'weekdays', 'devices', 'published', 'priority', 'created_at'] },
    );
    let accepted = 0;
    fc.assert(
      fc.property(fc.oneof({ weight: 8, arbitrary: event }, { weight: 1, arbitrary: anything }), (value) => {
        const expected = Event.is(value);
        if (expected) accepted += 1;
        expect(isEvent(value)).toBe(expected);
      }),
      { numRuns: 3000, seed: 20261122 },
    );
    // The property saw valid events too, not only refusals.
    expect(accepted).toBeGreaterThan(100);
  });
});
