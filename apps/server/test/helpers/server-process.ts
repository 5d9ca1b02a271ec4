import { type RunningServer, startServer } from '../../../../e2e/support/server';

export type ServerProcess = RunningServer;

/**
 * The real service in a process of its own on a free port, configured by `env` (e.g. DATABASE_URL,
 * DATABASE_SCHEMA, REDIS_URL), without the web app: for what `app.inject` cannot show, such as
 * several server processes sharing one database and one Redis.
 */
export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return startServer(env, { webBuild: false });
}
