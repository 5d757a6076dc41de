import type { TestProject } from 'vitest/node';
import { writePgliteTemplate } from '@beacon/server/src/test/pglite-template';

let template: Awaited<ReturnType<typeof writePgliteTemplate>> | undefined;

/** The migrated PGlite template each journey's server starts its in-memory database from (saves initdb per file). */
export async function setup(project: TestProject): Promise<void> {
  template = await writePgliteTemplate();
  project.provide('pgliteTemplate', template.file);
}

export function teardown(): void {
  template?.remove();
}
