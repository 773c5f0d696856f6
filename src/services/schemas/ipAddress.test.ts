import { describe, expect, it } from 'vitest';
import { isIPv4 } from './devices.ts';

/** The definition isIPv4 replaced (split and a regular expression per part), kept as the reference. */
const reference = (value: string) => {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((part) => /^(?:0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
};

describe('isIPv4', () => {
  it('accepts dotted quads of 0 to 255 without leading zeros, and nothing else', () => {
    for (const good of ['0.0.0.0', '10.0.39.16', '255.255.255.255', '192.168.1.254', '1.22.199.250']) expect([good, isIPv4(good)]).toEqual([good, true]);
    for (const bad of ['', '.', '...', '1.2.3', '1.2.3.4.5', '1.2.3.', '.1.2.3', '1..2.3', '256.0.0.1', '1.2.3.300', '01.2.3.4', '1.2.3.00', '1.2.3.4 ', ' 1.2.3.4', '1.2.3.-4', '1.2.3.4a', '1.2.3.٤', '1000.1.1.1', '::1'])
      expect([bad, isIPv4(bad)]).toEqual([bad, false]);
  });

  it('answers as the reference definition on 50,000 generated strings', () => {
    let state = 20261127;
    const next = () => (state = (state * 1664525 + 1013904223) >>> 0) / 2 ** 32;
    const alphabet = ['0', '1', '2', '5', '9', '.', '.', '.', 'a', ' ', '-', '٣'];
    for (let i = 0; i < 50_000; i += 1) {
      const length = Math.floor(next() * 17);
      let text = '';
      for (let c = 0; c < length; c += 1) text += alphabet[Math.floor(next() * alphabet.length)];
      if (isIPv4(text) !== reference(text)) expect([text, isIPv4(text)]).toEqual([text, reference(text)]);
    }
    // and on real-looking addresses, valid or just out of range
    for (let i = 0; i < 20_000; i += 1) {
      const text = Array.from({ length: 4 }, () => String(Math.floor(next() * 300))).join('.');
      if (isIPv4(text) !== reference(text)) expect([text, isIPv4(text)]).toEqual([text, reference(text)]);
    }
  });
});
