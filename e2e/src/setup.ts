import { beforeEach } from 'vitest';
import { describeFailure } from './on-failure';

// a failed journey prints what its servers and pages were doing (src/on-failure.ts)
beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    console.error(await describeFailure());
  });
});
