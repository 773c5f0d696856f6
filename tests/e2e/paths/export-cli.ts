// npm run qa:export -- <machine> ... [--out DIR]: writes the browser tests of machines with an adapter
// (tests/e2e/paths/<machine>.adapter.ts) to DIR/<machine>.paths.ts (default tests/e2e/exported), and the test files
// that run them all (tests/e2e/exported-<n>.test.ts, or DIR/exported-<n>.test.ts); `--all` for every one.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { memoryStorage } from '../../../src/services/tokenStore.ts';
import { findCatalogues, ROOT } from '../../model/qa/registry.ts';
import { EXPORTED_DIR, exportFile, exportIndex, exportedGroups, exportedIndex, exportedName, findAdapters } from './export.ts';

globalThis.localStorage ??= memoryStorage();
globalThis.sessionStorage ??= memoryStorage();

const args = process.argv.slice(2);
const at = args.indexOf('--out');
const out = at >= 0 ? resolve(args[at + 1] ?? '.') : join(ROOT, EXPORTED_DIR);
const wanted = args.filter((arg, index) => !arg.startsWith('--') && args[index - 1] !== '--out');
const adapters = await findAdapters();
const catalogues = await findCatalogues();
const chosen = args.includes('--all') ? adapters : adapters.filter((found) => wanted.includes(found.name));
const unknown = wanted.filter((name) => !adapters.some((found) => found.name === name));
if (unknown.length || !chosen.length) {
  console.error(`Usage: npm run qa:export -- <machine> ... | --all [--out DIR]; machines with an adapter: ${adapters.map((found) => found.name).join(', ')}`);
  if (unknown.length) console.error(`No adapter for ${unknown.join(', ')}: add tests/e2e/paths/<machine>.adapter.ts`);
  process.exitCode = 2;
} else {
  mkdirSync(out, { recursive: true });
  for (const found of chosen) {
    const catalogue = catalogues.find((candidate) => candidate.qa === found.adapter.qa);
    const file = join(out, exportedName(found.name));
    writeFileSync(file, exportFile(found, catalogue?.file ?? '(its catalogue)'));
    console.log(`${file}: ${found.name}`);
  }
  exportedGroups(adapters).forEach((machines, at0) => {
    const index = at >= 0 ? join(out, exportedIndex(at0 + 1).split('/').pop()!) : join(ROOT, exportedIndex(at0 + 1));
    writeFileSync(index, exportIndex(machines));
    console.log(`${index}: ${machines.map((found) => found.name).join(', ')}`);
  });
}
