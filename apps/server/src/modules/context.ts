import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import type { Mailer } from '../mail/mailer';
import type { AppsRepository } from './apps/apps.repository';
import type { AppsService } from './apps/apps.service';
import type { DevicesRepository } from './devices/devices.repository';
import type { DevicesService } from './devices/devices.service';
import type { FilesService } from './files/files.service';
import type { UsersRepository } from './users/users.repository';
import type { UsersService } from './users/users.service';
import type { DeliveryRuntime } from '../delivery/engine/runtime';

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
