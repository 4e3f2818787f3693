/**
 * vitest globalSetup of the unit project: with TEST_DATABASE_URL, makes one
 * migrated template database that every store of the run copies
 * (tests/support/pg-unit-setup.ts), and drops it at the end.
 */
import type { TestProject } from 'vitest/node';
import { createTemplate, dropDatabase, TEST_DATABASE_URL } from './pg-scratch.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | undefined;
  }
}

let template: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (TEST_DATABASE_URL) template = await createTemplate();
  project.provide('pgTemplate', template);
}

export async function teardown(): Promise<void> {
  if (template) await dropDatabase(template);
}
