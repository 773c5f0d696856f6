import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../services/http.ts';
import { missingOf } from './compare.machine.ts';

describe('missingOf', () => {
  it('names the entities of a compare_entity_not_found refusal, in the order the server gives them', () => {
    const refusal = new ApiRequestError({ status: 404, code: 'compare_entity_not_found', detail: '', fields: { 'media:9': 'not_found', 'device:7': 'not_found' } });
    expect(missingOf(refusal)).toEqual(['media:9', 'device:7']);
  });

  it('names none for any other failure', () => {
    expect(missingOf(new ApiRequestError({ status: 404, code: 'not_found', detail: '' }))).toEqual([]);
    expect(missingOf(new ApiRequestError({ status: 400, code: 'validation_error', detail: '', fields: { entities: 'invalid_format' } }))).toEqual([]);
    expect(missingOf(new ApiRequestError({ status: 404, code: 'compare_entity_not_found', detail: '' }))).toEqual([]);
    expect(missingOf(new Error('offline'))).toEqual([]);
  });
});
