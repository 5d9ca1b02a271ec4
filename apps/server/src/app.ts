import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/client';
import { createAnalyticsModule } from './modules/analytics/module';
import { createAuthModule } from './modules/auth/module';
import { createChannelAnalyticsModule } from './modules/chanalytics/module';
import { createChannelsModule } from './modules/channels/module';
import { createCouponsModule } from './modules/coupons/module';
import { createFollowersModule } from './modules/followers/module';
import { createMessagingModule } from './modules/messaging/module';
import { createNewsModule } from './modules/news/module';
import { createPushModule } from './modules/push/module';
import { createQrBulkModule } from './modules/qrbulk/module';
import type { ReadRecorder } from './modules/qrcodes/lookup';
import { createQrCodesModule } from './modules/qrcodes/module';
import { createQrStylesModule } from './modules/qrstyles/module';
import { createReaderModule } from './modules/reader/module';
import { createSendlistsModule } from './modules/sendlists/module';
import { createSharingModule } from './modules/sharing/module';
import { createSystemModule } from './modules/system/module';
import { createTagsModule } from './modules/tags/module';
import { createWifiModule } from './modules/wifi/module';
import type { AppContext } from './platform/core/context';
import type { ServerModule } from './platform/core/server-module';
import { answerSerializerCompiler } from './platform/http/answer-serializer';
import { registerBodyParsers } from './platform/http/body-parsers';
import { registerCacheControl } from './platform/http/cache-control';
import { channelScope } from './platform/http/channel-scope';
import { registerCsrfCheck } from './platform/http/csrf';
import { registerErrorHandler } from './platform/http/error-handler';
import { answerFrameworkError } from './platform/http/framework-errors';
import { CostlyWork } from './platform/media/costly-work';
import { setImmutableAssetHeaders } from './platform/page/asset-headers';
import { FIRST_PAINT_DIR } from './platform/page/first-paint';
import './platform/http/fastify-types';
import { openSharedState } from './platform/cluster/redis';
import { getSecret } from './platform/cluster/settings';
import { loggerOptions } from './platform/core/logger';
import { Registry } from './platform/core/registry';
import { requestLocale } from './platform/http/locale';
import { parseQuerystring } from './platform/http/querystring';
import { Sessions } from './platform/http/session';
import { registerUploadGate } from './platform/http/upload-gate';
import { wellFormedValidatorCompiler } from './platform/http/validation';
import { registerWriteRateLimit } from './platform/http/write-rate-limit';
import { Jobs } from './platform/jobs/jobs';
import { registerMailJob } from './platform/jobs/mail-job';
import { createMailer, type Mailer } from './platform/jobs/mailer';
import { imageRoutes } from './platform/media/images';
import { Metrics } from './platform/metrics/metrics';
import { registerMetrics } from './platform/metrics/routes';
import { INLINE_SCRIPT_SOURCES } from './platform/page/page';
import { RecordScreens } from './platform/page/record-screens';

export interface BuildOptions {
  config: Config;
  /** A migrated database. */
  db: Db;
  mailer?: Mailer;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes the function Fastify itself would make of it
 * (its types accept no number): the n nearest hops are our proxies, the address before them is the client.
 */
function trustedProxies(trust: Config['TRUST_PROXY']) {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/**
 * A request whose headers and body have not all arrived within `seconds` is answered 408 and its
 * connection closed (Node checks every second): a stalled upload gives its slot back.
 * An idle kept-alive connection stays open 72 s, as Fastify keeps it on a server it makes itself
 * (ours comes from `serverFactory`, which would get Node's 5 s): longer than a proxy's or load
 * balancer's usual 60 s, so the server never closes a connection as the proxy reuses it (a 502), and
 * a client whose timer runs late under load seldom sends on one being closed (`socket hang up`).
 */
function serverOptions(seconds: number): http.ServerOptions {
  const ms = seconds * 1000;
  return {
    requestTimeout: ms,
    headersTimeout: Math.min(ms, 60_000),
    connectionsCheckingInterval: 1000,
    keepAliveTimeout: 72_000,
  };
}

/** Builds the whole service without listening: main.ts listens, tests call `app.inject()`. */
export async function buildApp({
  config,
  db,
  mailer,
  logStream,
}: BuildOptions): Promise<{ app: FastifyInstance; ctx: AppContext; reads: ReadRecorder }> {
  const bodyLimit = 1024 * 1024;
  const logger = logStream
    ? { ...(loggerOptions(config) as object), stream: logStream }
    : loggerOptions(config);
  // Cached /r/ scans are answered by the listener itself once the QR module has set this.
  let scanFastPath: ((req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>) | undefined;
  const app = Fastify({
    logger,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    bodyLimit,
    routerOptions: { querystringParser: parseQuerystring },
    frameworkErrors: answerFrameworkError,
    serverFactory: (handler) =>
      http.createServer(serverOptions(config.REQUEST_TIMEOUT_SECONDS), (req, res) => {
        const answered = scanFastPath?.(req, res) ?? false;
        if (answered === false) handler(req, res);
        else if (answered !== true) void answered.then((done) => done || handler(req, res));
      }),
  });
  app.setValidatorCompiler(wellFormedValidatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ strict: !config.production }));

  const sessions = new Sessions(db, config, await getSecret(db));
  const shared = await openSharedState(config, app.log);
  // Closes the Redis connections (nothing without REDIS_URL).
  app.addHook('onClose', () => shared.close());
  const jobs = new Jobs(db, app.log, { concurrency: config.JOBS_CONCURRENCY });
  const gates = {
    renders: new CostlyWork({
      concurrency: config.RENDER_CONCURRENCY,
      queue: config.RENDER_QUEUE,
      retryAfterSeconds: 5,
    }),
    uploads: new CostlyWork({
      concurrency: config.UPLOAD_CONCURRENCY,
      queue: config.UPLOAD_QUEUE,
      retryAfterSeconds: 5,
    }),
    // Only requests holding an upload slot re-encode, so the queue never needs to be longer.
    decodes: new CostlyWork({
      concurrency: config.RENDER_CONCURRENCY,
      queue: config.UPLOAD_CONCURRENCY,
      retryAfterSeconds: 5,
    }),
    exports: new CostlyWork({
      concurrency: config.EXPORT_CONCURRENCY,
      queue: config.EXPORT_QUEUE,
      retryAfterSeconds: 5,
    }),
    counts: new CostlyWork({
      concurrency: config.COUNT_CONCURRENCY,
      queue: config.COUNT_QUEUE,
      retryAfterSeconds: 2,
    }),
  };
  const ctx: AppContext = {
    config,
    db,
    sessions,
    registry: new Registry(),
    log: app.log,
    mailer: mailer ?? createMailer(config, db, app.log),
    jobs,
    invalidations: shared.invalidations,
    quotas: shared.quotas,
    ...gates,
    metrics: new Metrics({ db, jobs, gates }),
    recordScreens: new RecordScreens(),
  };
  registerMailJob(ctx.jobs, ctx.mailer);
  ctx.jobs.every('sessions.housekeeping', 3_600_000, () => sessions.deleteExpired());
  // Requests in flight finish before onClose; then the jobs due now run (main.ts started the runner).
  app.addHook('onClose', () => ctx.jobs.stop());

  await app.register(cookie);
  registerBodyParsers(app, bodyLimit);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The page's inline scripts, by their hashes (platform/page/page.ts).
        scriptSrc: ["'self'", ...INLINE_SCRIPT_SOURCES],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies,
  });
  registerWriteRateLimit(app, config.WRITE_RATE_LIMIT);
  // With Redis, every server process counts in the same keys. While Redis is away the limits are
  // not applied (skipOnError) rather than every limited route answering 500.
  await app.register(rateLimit, {
    global: false,
    ...(shared.rateLimitRedis && {
      redis: shared.rateLimitRedis,
      nameSpace: shared.rateLimitNameSpace,
      skipOnError: true,
    }),
  });
  app.decorateRequest('locale', 'ja');
  // The language is read for every request but the /r/ scans, whose text page reads it itself.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.routeOptions.config.hotPath) request.locale = requestLocale(request);
    done();
  });
  registerErrorHandler(app);
  registerCacheControl(app);
  registerMetrics(app, ctx.metrics, config);
  registerCsrfCheck(app, sessions);
  registerUploadGate(app, sessions, {
    uploads: ctx.uploads,
    perMember: config.UPLOADS_PER_MEMBER,
    memberQueue: config.UPLOAD_QUEUE,
  });

  await app.register(swagger, {
    openapi: { info: { title: 'QRQR API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  if (fs.existsSync(config.WEB_DIST)) {
    await app.register(fastifyStatic, {
      root: config.WEB_DIST,
      wildcard: false,
      index: false,
      // ssr/ holds the server's own first-paint bundle (platform/page/first-paint.ts).
      allowedPath: (p) => p !== '/index.html' && !p.startsWith(`/${FIRST_PAINT_DIR}/`),
      // scripts/build-web.mjs wrote .br and .gz next to each asset; nothing is compressed per request.
      preCompressed: true,
      setHeaders: (reply, file) => {
        // Vite fingerprints everything under assets/, so a name never changes content.
        if (path.relative(config.WEB_DIST, file).startsWith(`assets${path.sep}`)) {
          setImmutableAssetHeaders(reply);
        }
      },
    });
  }

  // Every module in one shape (platform/core/server-module.ts): its top-level calls, then every call
  // about one channel inside channelScope (which loads and authorises `:channel`).
  const qrcodes = createQrCodesModule(ctx);
  ctx.metrics.watchReads(qrcodes.reads);
  const modules: ServerModule[] = [
    createSystemModule(ctx),
    createAuthModule(ctx),
    qrcodes,
    createQrBulkModule(ctx),
    createSharingModule(ctx),
    createNewsModule(ctx),
    createQrStylesModule(ctx),
    createAnalyticsModule(ctx),
    createChannelsModule(ctx),
    createTagsModule(ctx),
    createFollowersModule(ctx),
    createCouponsModule(ctx),
    createSendlistsModule(ctx),
    createMessagingModule(ctx),
    createChannelAnalyticsModule(ctx),
    createReaderModule(ctx, qrcodes.reads),
    createWifiModule(ctx),
    createPushModule(ctx),
  ];
  for (const module of modules) for (const routes of module.routes ?? []) await app.register(routes);
  await app.register(
    channelScope(
      ctx,
      modules.flatMap((module) => module.channelRoutes ?? []),
    ),
  );
  await app.register(imageRoutes(ctx));
  scanFastPath = qrcodes.scanFastPath;
  // While closing, every request goes to Fastify, which refuses new ones properly.
  app.addHook('preClose', (done) => {
    scanFastPath = undefined;
    done();
  });
  // Scans are buffered in memory; the interval writes them every second, and closing writes the rest.
  qrcodes.reads.start();
  app.addHook('onClose', () => qrcodes.reads.stop());

  return { app, ctx, reads: qrcodes.reads };
}
