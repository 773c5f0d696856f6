import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  optionalDependencies?: Record<string, string>;
}
interface Manifest {
  engines: { node: string };
}

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

/** Where Node would find `name` required from the package installed at `from` (walks up the node_modules chain). */
const resolveLocked = (from: string, name: string): string | undefined => {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
};

describe('dependencies', () => {
  it('every locked package runs on the oldest Node the project declares (npm install prints no engine warning)', () => {
    const oldest = semver.minVersion(manifest.engines.node)?.version;
    expect(oldest).toBeDefined();
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => !Array.isArray(entry.engines) && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(oldest!, (entry.engines as { node: string }).node))
      .map(([name, entry]) => `${name}@${entry.version} needs node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });

  it('the lockfile names every platform optional binary, so npm install on any machine leaves it unchanged', () => {
    const missing = Object.entries(lock.packages).flatMap(([from, entry]) =>
      Object.keys(entry.optionalDependencies ?? {})
        .filter((name) => !resolveLocked(from, name))
        .map((name) => `${from || '(root)'} -> ${name}`),
    );
    expect(missing).toEqual([]);
  });
});
