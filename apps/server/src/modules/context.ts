import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import type { Mailer } from '../mail/mailer';
import type { AppsRepository, AppsService } from './apps';
import type { DevicesRepository, DevicesService } from './devices';
import type { FilesService } from './files';
import type { UsersRepository, UsersService } from './users';
import type { DeliveryRuntime } from '../delivery/engine';

/** What every module's register function receives: configuration, the database and the core services. */
export interface ModuleContext {
  app: FastifyInstance;
  config: Config;
  database: Database;
  mailer: Mailer;
  box: SecretBox;
  services: { users: UsersService; apps: AppsService; devices: DevicesService; files: FilesService };
  repos: { users: UsersRepository; apps: AppsRepository; devices: DevicesRepository };
  /** The delivery engine (started on first use) and the statistics writer. */
  delivery: DeliveryRuntime;
}

/** A feature module: registers its routes (and anything it needs) on the app. */
export type RegisterModule = (ctx: ModuleContext) => Promise<void> | void;
