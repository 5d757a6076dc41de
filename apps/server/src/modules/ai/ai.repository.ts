import type { TrackingAction, TrackingSource } from '@beacon/shared';
import type { Database } from '../../db/client';
import { trackAiAction } from '../../platform/tracking';

/** What the assistant is told about the app: its name, package and the languages most of its devices use. */
export interface AppFacts {
  id: number;
  title: string;
  pkg: string;
  /** the device languages, most devices first (at most 5) */
  languages: Array<{ code: string; devices: number }>;
}

/** How many device languages the assistant is told about. */
export const TOP_LANGUAGES = 5;

/** The app facts the prompts use and the AI tracking records (migration 0017). */
export class AiRepository {
  constructor(private readonly database: Database) {}

  /** The app's title, package and top device languages; undefined when the app does not exist. */
  async appFacts(appId: number): Promise<AppFacts | undefined> {
    const [app] = await this.database.query<{ id: number; title: string; pkg: string }>(
      'SELECT id, title, pkg FROM apps WHERE id = $1',
      [appId],
    );
    if (!app) return undefined;
    const languages = await this.database.query<{ code: string; devices: number | string }>(
      `SELECT language AS code, count(*) AS devices FROM devices
       WHERE app_id = $1 AND language <> ''
       GROUP BY language ORDER BY count(*) DESC, language LIMIT $2`,
      [appId, TOP_LANGUAGES],
    );
    return { ...app, languages: languages.map((l) => ({ code: l.code, devices: Number(l.devices) })) };
  }

  /** One AI tracking record (ev action) of a console user on an app. */
  track(entry: {
    action: TrackingAction;
    from: TrackingSource;
    appId: number;
    title: string;
    user: { id: number; email: string };
  }): Promise<void> {
    return trackAiAction(this.database, entry);
  }
}
