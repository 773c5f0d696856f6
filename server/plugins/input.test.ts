import { describe, expect, it } from 'vitest';
import { checkJson, findBadText, isBadText, MAX_JSON_DEPTH, nestsDeeperThan } from './input.ts';

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
