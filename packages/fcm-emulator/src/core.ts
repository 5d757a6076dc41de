import { type Accounts } from './accounts';
import { type Faults } from './faults';
import { type QuotaBook } from './quota';
import { type Registry } from './registry';
import { type Stats } from './stats';
import { type TokenEndpointContext } from './token-endpoint';
import { type Delivery, type ServiceAccountJson } from './types';

/** The emulator's state, shared by the send handler, the token endpoint and the control API. */
export interface Core {
  accounts: Accounts;
  registry: Registry;
  quotas: QuotaBook;
  faults: Faults;
  stats: Stats;
  latencyMs: number;
  tokenEndpoint: TokenEndpointContext;
  /** Calls `fn` for every delivery (a device's receipts, set up through the control API). */
  listen(fn: (d: Delivery) => void): void;
  createServiceAccount(
    projectId: string,
    opts?: { tokenUri?: string; clientEmail?: string },
  ): ServiceAccountJson;
}
