import { afterAll, vi } from 'vitest';
import { currentLanguage, setLanguage } from './i18n';

// The console's test files share their worker's modules (vitest.config.ts): what one file changes in module state is
// put back before the next file starts, as a fresh page would have it.
afterAll(async () => {
  vi.useRealTimers();
  if (currentLanguage() !== 'en') {
    setLanguage('en');
    await vi.waitFor(() => {
      if (currentLanguage() !== 'en') throw new Error('the console language is still not en');
    });
  }
});
