import type { TestProject } from 'vitest/node';
import { pgliteDump, postgresTemplate } from './templates.ts';

/**
 * Once per run and project, before its workers start: the migrated database every test server of the project copies
 * (the PGlite dump, or the PostgreSQL template of the project's TEST_DATABASE_URL), so the workers never race to make it.
 */
export default async function setup(project: TestProject): Promise<void> {
  const url = project.config.env?.TEST_DATABASE_URL;
  if (url) await postgresTemplate(url);
  else await pgliteDump();
}
