import type { TestProject } from 'vitest/node';
import { startS3rver } from './s3rver.ts';

/** The api-s3 project's bucket server: one s3rver for the run; each test server makes its own bucket in it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const s3 = await startS3rver();
  project.provide('s3Endpoint', s3.endpoint);
  process.env.S3_ENDPOINT = s3.endpoint;
  return () => s3.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    s3Endpoint: string;
  }
}
