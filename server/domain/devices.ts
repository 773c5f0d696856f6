import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { DefaultConfig, DevicePosition, DeviceStatus } from '../../src/services/schemas/devices.ts';

/** A device is online when its last heartbeat is at most this old (and it has not signed off since). */
export const ONLINE_WINDOW_SECONDS = 120;

/** How often players are asked to send a heartbeat. */
export const HEARTBEAT_SECONDS = 30;

/** A new per-device key: 32 random bytes, URL-safe. */
export function generateDeviceKey(): string {
  return randomBytes(32).toString('base64url');
}

/** Compares two keys in constant time. */
export function sameKey(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The "check" answer: a device is ready when it is active and online. */
export function isReady(status: DeviceStatus): boolean {
  return status === 'online';
}

export interface ConfigFile {
  name: string;
  path: string;
  content: string;
}

/** The config files a new device starts with, generated from its "default config" profile. */
export function defaultConfigFiles(profile: DefaultConfig, device: { sn: string; position: DevicePosition }): ConfigFile[] {
  const orientation = device.position === 'vertical' ? 'portrait' : 'landscape';
  const player = {
    serial: device.sn,
    heartbeat_seconds: HEARTBEAT_SECONDS,
    orientation,
    volume: profile === 'kiosk' ? 0 : 50,
    cache_mb: 2048,
    touch: profile === 'kiosk',
  };
  const files: ConfigFile[] = [
    { name: 'player.json', path: '/etc/vitrine/player.json', content: `${JSON.stringify(player, null, 2)}\n` },
    {
      name: 'display.conf',
      path: '/etc/vitrine/display.conf',
      content: `# Screen output\nrotation=${orientation === 'portrait' ? 90 : 0}\nblank_after_minutes=0\n`,
    },
  ];
  if (profile === 'videowall') {
    files.push({
      name: 'wall.json',
      path: '/etc/vitrine/wall.json',
      content: `${JSON.stringify({ columns: 2, rows: 2, tile: { column: 1, row: 1 }, bezel_mm: 3 }, null, 2)}\n`,
    });
  }
  return files;
}

/** A `.json` config must stay valid JSON: a player would fail to read it otherwise. */
export function configContentError(path: string, content: string): string | null {
  if (!path.endsWith('.json')) return null;
  try {
    JSON.parse(content);
    return null;
  } catch {
    return 'invalid_json';
  }
}

export type PhotoType = 'image/png' | 'image/jpeg' | 'image/webp';

/** Detects a PNG, JPEG or WebP image by its first bytes; null for anything else. */
export function sniffImageType(head: Uint8Array): PhotoType | null {
  const starts = (bytes: number[], at = 0) => bytes.every((byte, i) => head[at + i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

export const PHOTO_EXTENSIONS: Record<PhotoType, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };

/** Escapes LIKE wildcards so a search term matches literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
