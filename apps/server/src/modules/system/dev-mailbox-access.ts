import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import { isLoopbackPeer } from '../../platform/http/peer';

/**
 * The dev mailbox shows one-time links (password resets), so it exists only outside production
 * and not behind a proxy, and answers only browsers on the server's own machine (or an SSH
 * tunnel to it). Everyone else gets the 404 of an unknown path.
 */
export function devMailboxEnabled(config: Config): boolean {
  return !config.production && !config.behindProxy;
}

export function devMailboxAnswers(config: Config, request: FastifyRequest): boolean {
  return devMailboxEnabled(config) && isLoopbackPeer(request);
}

export const DEV_MAILBOX_PATH = '/dev/mailbox';

/** The start-up log line saying where the mailbox is and from where it answers. */
export function devMailboxHint(config: Config): string {
  const local = `http://localhost:${config.PORT}${DEV_MAILBOX_PATH}`;
  return (
    `Mail is kept in the development mailbox: open ${local} in a browser on this machine ` +
    `(from another machine, through an SSH tunnel: ssh -L ${config.PORT}:localhost:${config.PORT} <this host>). ` +
    'It answers only loopback clients, never behind TRUST_PROXY or with NODE_ENV=production.'
  );
}
