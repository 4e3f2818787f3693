/**
 * vitest globalSetup for the API project: seeds a fresh temporary DATA_DIR,
 * builds the site when dist/ is stale (always, in npm test), starts it on a
 * free port (NODE_ENV=production) once its first pre-build is in place, and
 * stops it (removing the folder) at the end.
 * Tests read the address and the folder with inject('baseUrl') / inject('dataDir').
 */
import type { TestProject } from 'vitest/node';
import { ensureBuild, seedTempDataDir, startServer, type RunningServer } from '../../scripts/test-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}

let server: RunningServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  const dataDir = await seedTempDataDir();
  ensureBuild();
  // TEST_API_PORT: a fixed port (a shared machine gives each engineer a range); default a free one.
  const port = Number(process.env.TEST_API_PORT) || undefined;
  server = await startServer({ dataDir, ...(port ? { port } : {}) });
  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', dataDir);
}

export async function teardown(): Promise<void> {
  await server?.stop();
}
