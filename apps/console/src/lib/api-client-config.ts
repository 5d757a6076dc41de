import { type MessageLang } from '@beacon/shared';

/**
 * The API client's settings, apart from the client: the app sets them at start (app/index.tsx) without loading the
 * client, its schemas and zod, which come with the first screen's chunks.
 */
export interface ClientConfig {
  /** The console language, sent as Accept-Language so the server localizes `msg`. */
  language: () => MessageLang;
  /** Called on HTTP 401: clear client state and go to sign-in. */
  onUnauthorized: () => void;
}

let config: ClientConfig = { language: () => 'en', onUnauthorized: () => undefined };

export function configureApiClient(next: Partial<ClientConfig>): void {
  config = { ...config, ...next };
}

export function apiClientConfig(): ClientConfig {
  return config;
}
