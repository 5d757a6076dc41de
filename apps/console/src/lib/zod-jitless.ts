import { config } from 'zod/v4/core';

// The console runs under a Content-Security-Policy without 'unsafe-eval': zod's JIT probes `new Function` (caught,
// but reported as a CSP violation on every page). Interpreted parsing is fast enough for forms and API answers.
// zod/v4/core's config is the one `z.config` sets (zod keeps it on globalThis), without loading zod itself here:
// zod comes with the screens' chunks.
config({ jitless: true });
