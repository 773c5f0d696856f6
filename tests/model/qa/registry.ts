import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import type { QaCatalogue } from './catalogue.ts';

const ROOT = join(import.meta.dirname, '..', '..', '..');

function filesUnder(dir: string, suffix: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith(suffix))
    .map((file) => join(dir, file).split('\\').join('/'))
    .sort();
}

function isMachine(value: unknown): value is AnyStateMachine {
  return !!value && typeof value === 'object' && 'root' in value && 'config' in value && typeof (value as AnyStateMachine).transition === 'function';
}

/** A machine exported from `src/machines`: its export name, file and the name its docs and catalogue use. */
export interface FoundMachine {
  name: string;
  exportName: string;
  file: string;
  machine: AnyStateMachine;
}

/** Every state machine exported by a `*.machine.ts` file under src/machines (one per object). */
export async function findMachines(): Promise<FoundMachine[]> {
  const found: FoundMachine[] = [];
  const seen = new Set<AnyStateMachine>();
  for (const file of filesUnder('src/machines', '.machine.ts')) {
    const module = (await import(pathToFileURL(join(ROOT, file)).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      if (!isMachine(value) || seen.has(value)) continue;
      seen.add(value);
      found.push({ name: exportName.replace(/Machine$/, ''), exportName, file, machine: value });
    }
  }
  return found;
}

/** A catalogue with the name its file gives it (`tests/model/devices/devicesCard.qa.ts` -> devicesCard). */
export interface FoundCatalogue {
  name: string;
  file: string;
  qa: QaCatalogue;
}

/** Every `*.qa.ts` catalogue under tests/model (its default export). */
export async function findCatalogues(): Promise<FoundCatalogue[]> {
  const found: FoundCatalogue[] = [];
  for (const file of filesUnder('tests/model', '.qa.ts')) {
    const module = (await import(pathToFileURL(join(ROOT, file)).href)) as { default?: QaCatalogue };
    if (!module.default) throw new Error(`${file} has no default export: export default defineQa({...})`);
    found.push({ name: file.split('/').pop()!.replace(/\.qa\.ts$/, ''), file, qa: module.default });
  }
  return found;
}

/** Where the catalogue of a machine file is expected: tests/model mirrors src/machines. */
export function catalogueFileFor(machine: FoundMachine): string {
  const folder = relative('src/machines', machine.file).split('/').slice(0, -1).join('/');
  return ['tests/model', folder, `${machine.name}.qa.ts`].filter(Boolean).join('/');
}

export { ROOT };
