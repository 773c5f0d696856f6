import { describe, expect, it } from 'vitest';
import { checkJson, findBadText, isBadText, MAX_JSON_DEPTH, nestsDeeperThan } from './input.ts';
import { closingBoundaryWatcher, multipartBoundary } from './multipartGuard.ts';

const refusal = (text: string) => {
  try {
    checkJson(text, JSON.parse(text));
    return null;
  } catch (error) {
    return (error as { fields?: Record<string, string> }).fields;
  }
};

describe('the input door', () => {
  it('knows U+0000 and lone surrogates from well-formed text', () => {
    expect(['a\u0000', '\ud800', 'x\udc00y', '\ude00\ud83d'].map(isBadText)).toEqual([true, true, true, true]);
    expect(['', 'plain', 'Ж', '\ud83d\ude00', 'tab\tand\nnewline'].map(isBadText)).toEqual([false, false, false, false, false]);
  });

  it('names the first bad string, in values and keys, at any depth', () => {
    expect(findBadText({ a: [1, { b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.2.c');
    expect(findBadText({ ['k\ud800']: 1 })).toBe('body');
    expect(findBadText({ a: ['\ud83d\ude00'] })).toBeNull();
  });

  it('refuses escaped U+0000, lone surrogates and deep nesting; lets emoji escapes and ordinary bodies through', () => {
    expect(refusal('{"version":"1\\u0000"}')).toEqual({ version: 'invalid_characters' });
    expect(refusal('{"name":"\\ud800"}')).toEqual({ name: 'invalid_characters' });
    expect(refusal(`${'['.repeat(10_000)}${']'.repeat(10_000)}`)).toEqual({ body: 'too_deep' });
    expect(refusal('{"name":"\\ud83d\\ude00","list":[[1],[2],{"a":{"b":[]}}]}')).toBeNull();
    // many brackets side by side are not deep
    expect(refusal(JSON.stringify({ items: Array.from({ length: 500 }, () => [{}]) }))).toBeNull();
  });

  it('measures depth exactly at the limit', () => {
    const nested = (depth: number) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('the closing boundary of a multipart body (issue 35.15)', () => {
  const whole = Buffer.from('--xx\r\nContent-Disposition: form-data; name="a"\r\n\r\n--x-- x\r\n--xx--\r\n');
  const told = (body: Buffer, cuts: number[], declared: number | null = body.length, end = false) => {
    const seen: boolean[] = [];
    const watcher = closingBoundaryWatcher('xx', declared, (closed) => seen.push(closed));
    let from = 0;
    for (const to of [...cuts, body.length]) {
      watcher.data(body.subarray(from, to));
      from = to;
    }
    if (end) watcher.end();
    return seen;
  };

  it('finds the delimiter wherever the chunks split it, and says "cut" once the declared length came without it', () => {
    for (let cut = 0; cut <= whole.length; cut += 1) expect(told(whole, [cut]), `split at ${cut}`).toEqual([true]);
    expect(told(whole, [3, 9, 40, 41, 42])).toEqual([true]);
    const cut = whole.subarray(0, whole.length - 4);
    for (let at = 0; at <= cut.length; at += 7) expect(told(cut, [at])).toEqual([false]);
    expect(told(Buffer.from('--xx--'), [])).toEqual([true]);
    expect(told(cut, [10], null)).toEqual([]);
    expect(told(cut, [10], null, true)).toEqual([false]);
  });

  it('reads the boundary of a multipart/form-data type only', () => {
    expect(multipartBoundary('multipart/form-data; boundary=xx')).toBe('xx');
    expect(multipartBoundary('Multipart/Form-Data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('multipart/form-data')).toBeNull();
    expect(multipartBoundary('application/json; boundary=xx')).toBeNull();
    expect(multipartBoundary(undefined)).toBeNull();
  });
});
