import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { InvalidationBus } from '../cluster/invalidation-bus';
import type { OpenQuota } from '../cluster/quota';
import type { Sessions } from '../http/session';
import type { Jobs } from '../jobs/jobs';
import type { Mailer } from '../jobs/mailer';
import type { CostlyWork } from '../media/costly-work';
import type { Metrics } from '../metrics/metrics';
import type { RecordScreens } from '../page/record-screens';
import type { Registry } from './registry';

/** What service functions are given: the parts of the platform, built once in app.ts. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  sessions: Sessions;
  /** Extension points between modules (extension-points.ts): may this row go, what uses it, what happened. */
  registry: Registry;
  log: FastifyBaseLogger;
  /** Durable background work (mails, follow events, housekeeping): modules register handlers and enqueue. */
  jobs: Jobs;
  /** Tells every server process (through Redis when there are several) that a cached value changed. */
  invalidations: InvalidationBus;
  /** Opens a budget that counts things (mails) per key, shared by every server process. */
  quotas: OpenQuota;
  /** The gate of QR renders (codes, channel and coupon codes): downloads wait here, never behind uploads. */
  renders: CostlyWork;
  /** Requests whose body carries a picture: how many bodies are read at once (upload-gate.ts). */
  uploads: CostlyWork;
  /** Re-encoding uploaded pictures (platform/media/images.ts): a gate of its own, apart from `renders`. */
  decodes: CostlyWork;
  /** Streamed exports (the read-log CSV): a slot is held until the body has been sent or abandoned. */
  exports: CostlyWork;
  /** Send-list audience counts (the editor's live reach, the list's counts) over many followers. */
  counts: CostlyWork;
  /** The Prometheus families: modules count their events here (deliveries, pushes). */
  metrics: Metrics;
  /** Screens naming one record answer 404 to a viewer who may not see it (the owning module registers). */
  recordScreens: RecordScreens;
}
