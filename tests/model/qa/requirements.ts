// The spec requirement report: every requirement of tests/model/requirements.ts with the paths and steps that
// check it (from the catalogues' `req` ids, on the replayed pages), written to docs/qa/REQUIREMENTS.md.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { REQUIREMENTS } from '../requirements.ts';
import type { FoundCatalogue, FoundMachine } from './registry.ts';
import { ROOT } from './registry.ts';
import { machinePage } from './words.ts';

export interface RequirementReport {
  document: string;
  /** Requirements no path checks and no test outside the machines answers for (the gate fails on each). */
  unchecked: string[];
  /** Ids a catalogue names that are not requirements. */
  unknown: string[];
  /** `outside` requirements whose test file does not exist. */
  missingTests: string[];
}

export async function requirementReport(machines: FoundMachine[], catalogues: FoundCatalogue[]): Promise<RequirementReport> {
  const checkedBy = new Map<string, string[]>();
  const known = new Set(REQUIREMENTS.map((requirement) => requirement.id));
  const unknown: string[] = [];
  for (const found of machines) {
    const catalogue = catalogues.find((candidate) => candidate.qa.machine === found.machine);
    if (!catalogue) continue;
    const page = await machinePage(found.name, catalogue.qa);
    for (const check of page.checks) {
      if (!known.has(check.req)) {
        unknown.push(`${check.req} (${found.name} path ${check.path} step ${check.step})`);
        continue;
      }
      const where = `[${found.name}](${found.name}.md) path ${check.path} step ${check.step} (${check.sample})`;
      checkedBy.set(check.req, [...(checkedBy.get(check.req) ?? []), where]);
    }
  }
  const unchecked: string[] = [];
  const missingTests: string[] = [];
  const lines = [
    '# Spec requirements and the QA paths that check them',
    '',
    'Written by `npm run qa:requirements -- --markdown` from `tests/model/requirements.ts` (the rules and messages of',
    'sections 4, 5 and 8 of the specification, in its own words) and the `req` ids of the catalogues\' expectations;',
    '`tests/model/gate.test.ts` fails on a requirement that no path checks and no test outside the machines answers for.',
    '',
  ];
  let heading = '';
  for (const requirement of REQUIREMENTS) {
    if (requirement.section !== heading) {
      heading = requirement.section;
      lines.push(`## ${heading}`, '');
    }
    const paths = checkedBy.get(requirement.id) ?? [];
    lines.push(`- **${requirement.id}** ${requirement.words}`);
    if (paths.length) {
      const shown = paths.slice(0, 6);
      lines.push(`  Checked by ${shown.join('; ')}${paths.length > shown.length ? ` and ${paths.length - shown.length} more steps` : ''}.`);
    }
    if (requirement.outside) {
      lines.push(`  Not carried by a machine: ${requirement.outside.why}; checked by \`${requirement.outside.test}\`.`);
      if (!existsSync(join(ROOT, requirement.outside.test))) missingTests.push(`${requirement.id}: ${requirement.outside.test}`);
    }
    if (!paths.length && !requirement.outside) {
      lines.push('  **No path checks this.**');
      unchecked.push(`${requirement.id} ${requirement.words}`);
    }
  }
  lines.push('');
  return { document: lines.join('\n'), unchecked, unknown, missingTests };
}
