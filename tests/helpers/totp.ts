/*
 * RFC 6238 TOTP (HMAC-SHA1, 30 s, 6 digits) written for the tests, independent of the server's otplib: the API and
 * browser tests compute the codes an authenticator app would show from the secret the server answered.
 */
import { createHmac } from 'node:crypto';

/** RFC 4648 base32 to bytes (the otpauth URI's secret). */
export function base32Bytes(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The code of a time step for a base32 secret. */
export function totp(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(value).padStart(6, '0');
}

/** The time step of now. */
export const stepNow = () => Math.floor(Date.now() / 30_000);

/** Codes of later and later steps (each accepted once): the server takes one step either side of now. */
export function authenticator(secret: string) {
  let last = -Infinity;
  return {
    next() {
      const step = Math.max(last + 1, stepNow() - 1);
      last = step;
      return totp(secret, step);
    },
    /** The code last given again: a replay. */
    again: () => totp(secret, last),
    /** A code that is none of the three steps the server accepts now. */
    wrong: () => totp(secret, stepNow() + 5),
  };
}
