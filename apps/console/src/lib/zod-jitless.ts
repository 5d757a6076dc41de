import { z } from 'zod';

// The console runs under a Content-Security-Policy without 'unsafe-eval': zod's JIT probes `new Function` (caught,
// but reported as a CSP violation on every page). Interpreted parsing is fast enough for forms and API answers.
z.config({ jitless: true });
