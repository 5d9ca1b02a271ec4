import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/**
 * True when TRUST_PROXY is anything but its default "off" (a flag, a hop count or addresses):
 * behind a proxy every request arrives from the proxy's address, so the peer proves nothing.
 */
export function isBehindProxy(config: Pick<Config, 'TRUST_PROXY'>): boolean {
  const value: unknown = config.TRUST_PROXY;
  if (Array.isArray(value)) return value.length > 0;
  return !(
    value === undefined ||
    value === null ||
    value === false ||
    value === 0 ||
    value === '' ||
    value === 'false'
  );
}

/**
 * True when the TCP peer (not `request.ip`, which headers may set) is this machine:
 * 127.0.0.0/8, ::1 or their IPv4-mapped form.
 */
export function isLoopbackPeer(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}
