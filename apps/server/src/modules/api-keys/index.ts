/** API keys' public entry: its wiring (a core module of app.ts) and the key the auth plugin resolves. */
export { apiKeysModule } from './api-keys.module';
export { ApiKeysService, newApiKey, type KeyCall } from './api-keys.service';
export type { LiveKey } from './api-keys.repository';
