import type { TestProject } from 'vitest/node';
import { dropDatabase, prepareTemplate } from './databases.ts';
import { testDatabaseUrl } from './env.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgTemplate: string | null;
  }
}

/** On PostgreSQL one migrated template per run; each test file copies it into a database of its own. */
export default async function setup(project: TestProject) {
  const url = testDatabaseUrl;
  if (!url) {
    project.provide('pgTemplate', null);
    return;
  }
  const template = await prepareTemplate(url);
  project.provide('pgTemplate', template);
  return async () => {
    await dropDatabase(url, template, { like: true });
  };
}
