import type { FastifyInstance } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { SecretBox } from '../lib/secret-box';
import type { Mailer } from '../mail/mailer';
import type { AppsRepository, AppsService } from './apps';
import type { DevicesRepository, DevicesService } from './devices';
import type { FilesService } from './files';
import type { UsersRepository, UsersService } from './users';
import type { DeliveryRuntime, TemplateValues } from '../delivery/engine';

/**
 * The counting of device events, off the request path (the statistics writer's EventCounter): the statistics routes
 * first wait until what this process acknowledged is counted, so a report read after an accepted event shows it.
 */
export interface EventCounting {
  /** Whether events are waiting to be counted or being counted (a read need not wait when not). */
  readonly counting: boolean;
  settle(): Promise<void>;
}

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
  /** The values of devices' users that templates read (issue 33 §4; platform/template-values.ts). */
  templateValues: TemplateValues;
  /** The counting of device events (the statistics routes wait for it). */
  counting: EventCounting;
}

/**
 * A module's job handlers (`<m>.jobs.ts`): started with the process's delivery workers (serve and worker roles) and
 * stopped when the app closes, by modules/workers.ts for every module.
 */
export interface ModuleJobs {
  start(boss: PgBoss): Promise<void>;
  /** awaited when the app closes (a loop finishing its pass) */
  stop?(): void | Promise<void>;
}

/**
 * What a module's wiring (`<m>.module.ts`) returns: its routes, registered on the app (awaited: a module may register
 * them in a scope of their own), and its jobs.
 */
export interface ModuleParts {
  routes(): void | Promise<void>;
  jobs?: ModuleJobs;
}

/**
 * A feature module's wiring (`<m>.module.ts`): builds its services and returns its parts (or several modules' parts)
 * for modules/index.ts to register and start; it registers nothing itself.
 */
export type RegisterModule = (ctx: ModuleContext) => ModuleParts | ModuleParts[];
