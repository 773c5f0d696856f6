// @vitest-environment node
// The exported browser tests (tests/e2e/exported/<machine>.paths.ts, run by tests/e2e/exported-<n>.test.ts) are what
// `npm run qa:export` writes today from the catalogues and the adapters (tests/e2e/paths/*.adapter.ts), and every
// adapter maps its catalogue's samples.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../src/services/tokenStore.ts';
import { EXPORTED_DIR, EXPORTED_GROUPS, exportFile, exportIndex, exportedGroups, exportedIndex, exportedName, findAdapters, unmappedSamples } from '../e2e/paths/export.ts';
import { findCatalogues, ROOT } from './qa/registry.ts';

globalThis.localStorage ??= memoryStorage();
globalThis.sessionStorage ??= memoryStorage();

const adapters = await findAdapters();
const catalogues = await findCatalogues();

describe('exported browser tests', () => {
  it('exports every machine with an adapter, and nothing else', () => {
    const exported = readdirSync(join(ROOT, EXPORTED_DIR)).filter((file) => file.endsWith('.ts')).sort();
    expect(exported, `${EXPORTED_DIR}: run npm run qa:export -- --all`).toEqual(adapters.map((found) => exportedName(found.name)).sort());
    const indexes = readdirSync(join(ROOT, 'tests/e2e')).filter((file) => /^exported.*\.test\.ts$/.test(file)).sort();
    expect(indexes, 'tests/e2e: run npm run qa:export -- --all').toEqual(Array.from({ length: EXPORTED_GROUPS }, (_, at) => exportedIndex(at + 1).split('/').pop()).sort());
    const groups = exportedGroups(adapters);
    expect(groups.flat().map((found) => found.name).sort()).toEqual(adapters.map((found) => found.name).sort());
    groups.forEach((machines, at) => {
      const index = exportedIndex(at + 1);
      expect(readFileSync(join(ROOT, index), 'utf8') === exportIndex(machines), `${index} is stale: run npm run qa:export -- --all`).toBe(true);
    });
  });

  it.each(adapters.map((found) => [found.name, found] as const))('%s: every sample is mapped and the export is current', (name, found) => {
    const { unmapped, unknown } = unmappedSamples(found.adapter);
    expect(unmapped, `samples of ${name} without a user action, an arranged outcome or a reason in ${found.file}`).toEqual([]);
    expect(unknown, `keys of ${found.file} that are not samples of its catalogue`).toEqual([]);
    const catalogue = catalogues.find((candidate) => candidate.qa === found.adapter.qa);
    expect(catalogue, `${found.file}: its qa is not a catalogue of tests/model`).toBeDefined();
    const file = join(ROOT, EXPORTED_DIR, exportedName(name));
    const committed = (() => {
      try {
        return readFileSync(file, 'utf8');
      } catch {
        return '(missing)';
      }
    })();
    expect(committed === exportFile(found, catalogue!.file), `${EXPORTED_DIR}/${exportedName(name)} is stale: run npm run qa:export -- ${name}`).toBe(true);
  });
});
