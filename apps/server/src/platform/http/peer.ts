import type { FastifyRequest } from 'fastify';

/**
 * True when the TCP peer (not `request.ip`, which headers may set) is this machine:
 * 127.0.0.0/8, ::1 or their IPv4-mapped form.
 */
export function isLoopbackPeer(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? '';
  return address === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address);
}
