import type { FastifyReply } from 'fastify';

/**
 * Helmet's headers that govern a document (what it may load, frame or open) and mean nothing on a
 * script or stylesheet. A first visit fetches a dozen assets, and over HTTP/1.1 these cost about
 * 600 bytes each; `nosniff` and the resource policy stay, as they do protect a script.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Headers of a fingerprinted build file (Vite's `assets/`): its name changes with its content, so
 * it is cached for a year and never revalidated, which makes ETag and Last-Modified dead weight.
 */
export function setImmutableAssetHeaders(reply: FastifyReply): void {
  reply.header('cache-control', 'public, max-age=31536000, immutable');
  for (const name of ['etag', 'last-modified', ...DOCUMENT_ONLY_HEADERS]) reply.removeHeader(name);
}
