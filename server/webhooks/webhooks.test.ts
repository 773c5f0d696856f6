import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkWebhookUrl, isPrivateAddress, parseWebhookUrl, reachedAddresses } from './addresses.ts';
import { OFFLINE_AFTER_MINUTES } from '../../src/machines/webhooks/alertSettingsForm.machine.ts';
import { ONLINE_WINDOW_SECONDS } from '../domain/devices.ts';
import { officeLocalTime } from './mail.ts';
import { inQuietHours } from './offline.ts';
import { signature } from './send.ts';
import { backoffMs } from './worker.ts';

describe('webhook addresses', () => {
  it('judges loopback, private, link-local, CGNAT, unique-local and mapped addresses private, public ones not', () => {
    for (const address of ['127.0.0.1', '10.0.0.5', '172.16.3.4', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd12::1', '::ffff:10.0.0.1', 'not-an-ip']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '93.184.216.34', '2001:4860:4860::8888', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });

  // Issue 35.17: every IPv6 form that carries an IPv4 address is judged by the address it reaches, written as a URL
  // writes it (the URL parser turns ::127.0.0.1 into ::7f00:1) or as a resolver answers it.
  it.each([
    ['IPv4-compatible', '::127.0.0.1', ['127.0.0.1'], true],
    ['IPv4-compatible, hex', '::7f00:1', ['127.0.0.1'], true],
    ['IPv4-compatible, public', '::8.8.8.8', ['8.8.8.8'], false],
    ['IPv4-mapped, hex', '::ffff:a00:1', ['10.0.0.1'], true],
    ['IPv4-mapped, public', '::ffff:808:808', ['8.8.8.8'], false],
    ['IPv4-translated', '::ffff:0:127.0.0.1', ['127.0.0.1'], true],
    ['IPv4-translated, hex', '::ffff:0:a9fe:a9fe', ['169.254.169.254'], true],
    ['IPv4-translated, public', '::ffff:0:808:808', ['8.8.8.8'], false],
    ['NAT64', '64:ff9b::10.0.0.1', ['10.0.0.1'], true],
    ['NAT64, hex', '64:ff9b::c0a8:101', ['192.168.1.1'], true],
    ['NAT64, public', '64:ff9b::808:808', ['8.8.8.8'], false],
    ['NAT64, local use', '64:ff9b:1::808:808', ['64:ff9b:1::808:808'], true],
    ['6to4', '2002:7f00:1::', ['127.0.0.1'], true],
    ['6to4, link-local', '2002:a9fe:a9fe::1', ['169.254.169.254'], true],
    ['6to4, public', '2002:808:808::1', ['8.8.8.8'], false],
    ['Teredo, private client', '2001:0:808:808:0:0:f5ff:fffe', ['8.8.8.8', '10.0.0.1'], true],
    ['Teredo, public', '2001:0:808:808:0:0:f7f7:f7f7', ['8.8.8.8', '8.8.8.8'], false],
    ['site-local', 'fec0::1', ['fec0::1'], true],
    ['site-local, upper end', 'feff::1', ['feff::1'], true],
    ['zone index', 'fe80::1%eth0', ['fe80::1'], true],
    ['global unicast', '2001:4860:4860::8888', ['2001:4860:4860::8888'], false],
  ] as const)('%s %s reaches %j: private %s', (_name, address, reached, refused) => {
    expect(reachedAddresses(address)).toEqual(reached);
    expect(isPrivateAddress(address)).toBe(refused);
  });

  it('refuses every such form written in a URL, at registration and at connection time', async () => {
    for (const host of ['[::127.0.0.1]', '[::ffff:0:127.0.0.1]', '[64:ff9b::10.0.0.1]', '[2002:c0a8:101::1]', '[fec0::1]']) {
      await expect(checkWebhookUrl(`http://${host}/hook`, false), host).rejects.toMatchObject({ reason: 'private_address' });
    }
    expect((await checkWebhookUrl('http://[64:ff9b::8.8.8.8]/hook', false)).hostname).toBe('[64:ff9b::808:808]');
  });

  it('takes only http(s) URLs without credentials', () => {
    expect(parseWebhookUrl('https://hooks.example.com/x?y=1').hostname).toBe('hooks.example.com');
    expect(() => parseWebhookUrl('file:///etc/passwd')).toThrow(expect.objectContaining({ reason: 'unsupported_scheme' }));
    expect(() => parseWebhookUrl('https://user:pw@example.com/')).toThrow(expect.objectContaining({ reason: 'invalid_url' }));
    expect(() => parseWebhookUrl('://')).toThrow(expect.objectContaining({ reason: 'invalid_url' }));
  });

  it('refuses a private literal or a name resolving to one unless allowed', async () => {
    await expect(checkWebhookUrl('http://127.0.0.1:9/', false)).rejects.toMatchObject({ reason: 'private_address' });
    await expect(checkWebhookUrl('http://localhost/', false)).rejects.toMatchObject({ reason: 'private_address' });
    await expect(checkWebhookUrl('http://[::ffff:192.168.0.1]/', false)).rejects.toMatchObject({ reason: 'private_address' });
    expect((await checkWebhookUrl('http://127.0.0.1:9/', true)).port).toBe('9');
    expect((await checkWebhookUrl('http://8.8.8.8/', false)).hostname).toBe('8.8.8.8');
  });
});

describe('webhook delivery rules', () => {
  it('signs timestamp.body with HMAC-SHA256', () => {
    const expected = createHmac('sha256', 'secret-secret-123').update('1700000000.{"a":1}').digest('hex');
    expect(signature('secret-secret-123', 1_700_000_000, '{"a":1}')).toBe(`sha256=${expected}`);
  });

  it('doubles the wait after each failure, up to the maximum', () => {
    expect([1, 2, 3, 4, 5, 20].map((failed) => backoffMs(failed, 30_000, 3_600_000))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 3_600_000]);
  });

  it('writes an email time as the office wall clock to the minute, with its zone; the panel says the same offline rule', () => {
    expect(officeLocalTime('2026-11-27T20:31:59.123Z', 'Europe/Moscow')).toBe('27 Nov 2026, 23:31 (Europe/Moscow, GMT+3)');
    expect(officeLocalTime('2026-11-27T20:31:59.123Z', 'Asia/Kathmandu')).toBe('28 Nov 2026, 02:16 (Asia/Kathmandu, GMT+5:45)');
    expect(officeLocalTime('2026-11-27T20:31:59.123Z', 'Nowhere/Else')).toBe('27 Nov 2026, 20:31 (UTC)');
    expect(OFFLINE_AFTER_MINUTES * 60).toBe(ONLINE_WINDOW_SECONDS);
  });

  it('finds quiet hours in the office zone, across midnight too', () => {
    const at = new Date('2026-11-27T20:30:00Z'); // 23:30 in Moscow
    expect(inQuietHours(at, 'Europe/Moscow', '23:00', '07:00')).toBe(true);
    expect(inQuietHours(at, 'UTC', '23:00', '07:00')).toBe(false);
    expect(inQuietHours(at, 'Europe/Moscow', '09:00', '18:00')).toBe(false);
    expect(inQuietHours(at, null, '20:00', '21:00')).toBe(true);
    expect(inQuietHours(at, 'Europe/Moscow', null, null)).toBe(false);
  });
});
