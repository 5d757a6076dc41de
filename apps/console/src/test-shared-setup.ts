import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { currentLanguage, setLanguage } from './i18n';

// The console's test files share their worker's modules (vitest.config.ts): what one file changes in module state is
// put back before the next file starts, as a fresh page would have it. They share the window and its document too: each
// test's render is unmounted after it (Testing Library does so by itself only with Vitest's globals, which are off), so
// a file never finds the screens another file left (a list-filters render once answered a trace card's query).
afterEach(() => cleanup());
afterAll(async () => {
  vi.useRealTimers();
  if (currentLanguage() !== 'en') {
    setLanguage('en');
    await vi.waitFor(() => {
      if (currentLanguage() !== 'en') throw new Error('the console language is still not en');
    });
  }
});
