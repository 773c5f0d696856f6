import type { ConfigFile } from '../services/player/protocol.ts';

/** What a browser can do with the device's config files: the rest (network, display hardware, touch) is ignored. */
export interface BrowserSettings {
  orientation: 'landscape' | 'portrait' | null;
  /** 0..1 */
  volume: number | null;
  /** Files or settings a browser cannot apply, reported once. */
  ignored: string[];
}

const APPLIED = new Set(['orientation', 'volume']);

/** Reads player.json (`orientation`, `volume` 0-100) from the device's config files. */
export function browserSettings(files: readonly ConfigFile[]): BrowserSettings {
  const settings: BrowserSettings = { orientation: null, volume: null, ignored: [] };
  for (const file of files) {
    if (file.name !== 'player.json' && !file.path.endsWith('/player.json')) {
      settings.ignored.push(file.path || file.name);
      continue;
    }
    let content: Record<string, unknown> = {};
    try {
      const parsed = JSON.parse(file.content) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) content = parsed as Record<string, unknown>;
    } catch {
      settings.ignored.push(`${file.path || file.name} (not JSON)`);
      continue;
    }
    if (content.orientation === 'portrait' || content.orientation === 'landscape') settings.orientation = content.orientation;
    if (typeof content.volume === 'number' && Number.isFinite(content.volume)) settings.volume = Math.min(100, Math.max(0, content.volume)) / 100;
    for (const key of Object.keys(content)) if (!APPLIED.has(key)) settings.ignored.push(`${file.name}: ${key}`);
  }
  return settings;
}
