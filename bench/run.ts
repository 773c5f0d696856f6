import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { verdict, type Measurement } from './lib.ts';

/** Runs every bench/*.bench.ts (or the ones named on the command line) and prints a summary of all numbers. */
const only = process.argv.slice(2);
const files = fs
  .readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((name) => f.includes(name)))
  .sort();

const all: { file: string; m: Measurement }[] = [];
let failures = 0;
for (const file of files) {
  console.log(`\n# ${file}`);
  try {
    const module = (await import(pathToFileURL(path.join(import.meta.dirname, file)).href)) as { run: () => Promise<Measurement[]> };
    for (const m of await module.run()) all.push({ file, m });
  } catch (error) {
    failures += 1;
    console.error(`  ${file} failed: ${(error as Error).stack ?? error}`);
  }
}
console.log('\n# Summary');
for (const { file, m } of all) console.log(`  ${file.padEnd(24)} ${m.name.padEnd(58)} ${String(Number(m.value.toFixed(2))).padStart(10)} ${m.unit.padEnd(8)} ${verdict(m)}`);
process.exit(failures ? 1 : 0);
