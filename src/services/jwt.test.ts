import { describe, expect, it } from 'vitest';
import { InvalidTokenError, decodeToken, userIdOf } from './jwt.ts';

function base64Url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function tokenWith(payload: unknown): string {
  return `${base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64Url(JSON.stringify(payload))}.c2lnbmF0dXJl`;
}

const payload = { user_id: 7, exp: 1900000000, iat: 1800000000, token_type: 'access', name: 'Ünïcödé ✓' };

describe('decodeToken', () => {
  it('decodes the base64url payload of a valid token, UTF-8 included', () => {
    expect(decodeToken(tokenWith(payload))).toEqual(payload);
    expect(userIdOf(tokenWith(payload))).toBe(7);
  });

  it('decodes payloads whose base64url uses - and _', () => {
    // '??>' encodes to 'Pz8-' and '???' to 'Pz8_' in base64url.
    const tricky = { user_id: 1, exp: 1, iat: 1, token_type: 'access', s: '??>???' };
    expect(base64Url(JSON.stringify(tricky))).toMatch(/[-_]/);
    expect(decodeToken(tokenWith(tricky))).toEqual(tricky);
  });

  it('rejects garbage with "Invalid token specified: " and the parse message', () => {
    expect(() => decodeToken('garbage')).toThrow(new InvalidTokenError('expected 3 parts separated by ".", got 1'));
    expect(() => decodeToken('garbage')).toThrow(/^Invalid token specified: /);
    expect(() => decodeToken('a.!!!.c')).toThrow(InvalidTokenError);
    expect(() => decodeToken('a.!!!.c')).toThrow(/^Invalid token specified: invalid base64 for part #2 \(.+\)$/);
    expect(() => decodeToken(`a.${base64Url('{not json')}.c`)).toThrow(/^Invalid token specified: invalid json for part #2 \(.+\)$/);
    expect(() => decodeToken(tokenWith({ sub: 'x' }))).toThrow('Invalid token specified: the payload has no numeric user_id');
    expect(() => decodeToken(tokenWith([1, 2]))).toThrow('Invalid token specified: the payload is not an object');
  });

  it('rejects a 2-part token', () => {
    const [header, body] = tokenWith(payload).split('.');
    expect(() => decodeToken(`${header}.${body}`)).toThrow(
      new InvalidTokenError('expected 3 parts separated by ".", got 2'),
    );
    expect(userIdOf(`${header}.${body}`)).toBeNull();
  });

  it('gives the error its name and message', () => {
    const error = new InvalidTokenError('boom');
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.message]).toEqual(['InvalidTokenError', 'Invalid token specified: boom']);
  });
});

describe('userIdOf', () => {
  it('is null for an absent or unparsable token', () => {
    expect(userIdOf(null)).toBeNull();
    expect(userIdOf('')).toBeNull();
    expect(userIdOf('x.y.z')).toBeNull();
  });
});
