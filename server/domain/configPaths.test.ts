import { describe, expect, it } from 'vitest';
import { configPathUnder, normaliseConfigDir } from './configPaths.ts';

const dir = normaliseConfigDir('/etc/vitrine');
const outcome = (requested: string) => {
  try {
    return configPathUnder(dir, requested);
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('config paths', () => {
  it('normalises paths under the config directory', () => {
    expect(dir).toBe('/etc/vitrine/');
    expect(['/etc/vitrine/player.json', '/etc/vitrine/./a/../b.json', '/etc/vitrine//net/wifi.conf'].map(outcome)).toEqual([
      '/etc/vitrine/player.json',
      '/etc/vitrine/b.json',
      '/etc/vitrine/net/wifi.conf',
    ]);
  });

  it('refuses every path that leaves it', () => {
    const attacks = ['/etc/vitrine/../../etc/cron.d/x', '/root/.ssh/authorized_keys', '/etc/shadow', '/proc/sys/kernel/core_pattern', '/etc/vitrine', '/etc/vitrine/', '/etc/vitrinex/a', 'etc/vitrine/a', '/etc/vitrine/a/'];
    expect(attacks.map(outcome)).toEqual(attacks.map(() => 'config_path_outside'));
  });
});
