/** Options of {@link startEmulator}; every field has a default. */
export interface EmulatorOptions {
  host?: string;
  h2cPort?: number | null;
  tlsPort?: number | null;
  http1Port?: number | null;
  maxConcurrentStreams?: number;
  tokenExpiresIn?: number;
  quota?: QuotaSettings;
  latencyMs?: number;
  storeDeliveries?: boolean;
  verifySignatures?: boolean;
}

export interface QuotaSettings {
  perMinute?: number;
  perDevicePerMinute?: number;
  perDevicePerHour?: number;
}

export interface ServiceAccountJson {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  auth_uri: string;
  token_uri: string;
  auth_provider_x509_cert_url: string;
  client_x509_cert_url: string;
}

export interface Delivery {
  token: string;
  projectId: string;
  name: string;
  receivedAt: number;
  message: Record<string, unknown>;
  collapsed?: boolean;
  replaced?: boolean;
}

export interface FaultSpec {
  match?: { project?: string; token?: string; pct?: number };
  respond: {
    status: number;
    errorCode?: string;
    retryAfter?: number;
    delayMs?: number;
    goaway?: boolean;
    resetStream?: boolean;
  };
  times?: number;
}

export interface DeviceSpec {
  projectId: string;
  packageName: string;
  online?: boolean;
  token?: string;
}

export interface EmulatorStats {
  requests: number;
  byStatus: Record<string, number>;
  byErrorCode: Record<string, number>;
  inFlight: number;
  delivered: number;
}

export type Transport = 'http1' | 'tls' | 'h2c';

export interface FcmEmulator {
  readonly h2cUrl: string;
  readonly tlsUrl: string;
  readonly http1Url: string;
  readonly caPem: string;
  /** token URL on the given transport (default 'http1'): e.g. http://127.0.0.1:P/token */
  tokenUri(transport?: Transport): string;
  /** generates an RSA key pair, registers the account for project `projectId`, returns the full JSON */
  createServiceAccount(
    projectId: string,
    opts?: { tokenUri?: string; clientEmail?: string },
  ): ServiceAccountJson;
  /**
   * registers an existing service account's public key (PEM) for JWT verification; `tokenUri` (the JSON's
   * token_uri) is then also accepted as the assertion's `aud` — for a token endpoint reached through a proxy
   */
  registerServiceAccount(
    projectId: string,
    clientEmail: string,
    publicKeyPem: string,
    tokenUri?: string,
  ): void;
  registerDevice(d: DeviceSpec): string;
  /** whether a token was ever registered (registered again after an unregister counts too) */
  hasDevice(token: string): boolean;
  unregisterDevice(token: string): void;
  setOnline(token: string, online: boolean): void;
  inbox(token: string): Delivery[];
  tray(token: string): Record<string, Delivery>;
  addFault(f: FaultSpec): void;
  clearFaults(): void;
  setQuota(projectId: string, q: QuotaSettings): void;
  stats(): EmulatorStats;
  resetStats(): void;
  on(event: 'delivery', listener: (d: Delivery) => void): this;
  close(): Promise<void>;
}
