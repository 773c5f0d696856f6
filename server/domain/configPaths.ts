import path from 'node:path';
import { badRequest } from '../errors.ts';

/** Where a player keeps its config files unless PLAYER_CONFIG_DIR says otherwise. */
export const DEFAULT_PLAYER_CONFIG_DIR = '/etc/vitrine/';

/** The directory as an absolute, normalised POSIX path ending in "/". */
export function normaliseConfigDir(dir: string): string {
  const normal = path.posix.normalize(`/${dir}/`);
  return normal.endsWith('/') ? normal : `${normal}/`;
}

/**
 * A config file's path, normalised ("/etc/vitrine/./a/../b.json" -> "/etc/vitrine/b.json"), or a 400 when it leaves the
 * player's config directory: a player writes what it receives, so a path may never name /etc/shadow or a cron file.
 */
export function configPathUnder(dir: string, requested: string): string {
  const normal = path.posix.normalize(requested);
  if (!normal.startsWith('/') || !normal.startsWith(dir) || normal.length === dir.length || normal.endsWith('/')) {
    throw badRequest('config_path_outside', `A config file must lie under ${dir}.`, { path: 'outside_config_dir' });
  }
  return normal;
}
