import { describe, expect, it } from 'vitest';
import { selectHasProcessing, selectPageInfo } from './mediaList.selectors.ts';

const snapshot = (results: object[], count = results.length, page = 1) =>
  ({ value: 'complete', context: { data: { count, next: null, previous: null, results }, error: null, params: { page } } }) as never;

describe('media list selectors', () => {
  it('tells when a file on the page is still processing or rendering', () => {
    expect(selectHasProcessing(snapshot([{ status: 'ready_to_play', formats: [] }]))).toBe(false);
    expect(selectHasProcessing(snapshot([{ status: 'processing', formats: [] }]))).toBe(true);
    expect(selectHasProcessing(snapshot([{ status: 'ready_to_play', formats: [{ status: 'queued' }] }]))).toBe(true);
    expect(selectHasProcessing({ value: 'initial', context: { data: null, error: null, params: { page: 1 } } } as never)).toBe(false);
  });

  it('counts pages of 20', () => {
    expect(selectPageInfo(snapshot([], 41, 3), 20)).toEqual({ page: 3, pages: 3, count: 41 });
    expect(selectPageInfo(snapshot([], 0), 20)).toEqual({ page: 1, pages: 1, count: 0 });
  });
});
