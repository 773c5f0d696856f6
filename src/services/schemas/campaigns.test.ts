import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMatchedDevice, MatchedDevice } from './campaigns.ts';

// Objects as JSON answers carry them (a prototype, no own toString): superstruct cannot print any other object.
const jsonObject = fc.dictionary(fc.string().filter((key) => !(key in Object.prototype)), fc.jsonValue(), { noNullPrototype: true });
const anything = fc.oneof(fc.string(), fc.constant(null), fc.integer(), fc.double(), fc.boolean(), fc.constant(undefined), fc.array(fc.integer()), jsonObject);
const field = (good: fc.Arbitrary<unknown>) => fc.oneof(good, good, good, anything);

describe('isMatchedDevice', () => {
  it('answers what the MatchedDevice schema answers, for devices right and wrong in every field', () => {
    const device = fc.record(
      {
        id: field(fc.oneof(fc.integer({ min: 1, max: 2147483647 }), fc.integer({ min: -5, max: 0 }), fc.constant(2147483648), fc.constant(1.5))),
        sn: field(fc.string()),
        mac: field(fc.option(fc.string(), { nil: null })),
        name: field(fc.string()),
        office_name: field(fc.option(fc.string(), { nil: null })),
        status: field(fc.constantFrom('online', 'offline', 'disabled')),
        position: field(fc.constantFrom('horizontal', 'vertical', 'unknown')),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(device, anything), (value) => {
        expect(isMatchedDevice(value)).toBe(MatchedDevice.is(value));
      }),
      { numRuns: 2000, seed: 20261122 },
    );
  });
});
