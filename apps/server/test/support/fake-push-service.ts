import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A push service for tests and bench/push (RFC 8030), over HTTPS with a certificate made for the
 * run (openssl), trusted by the server through PUSH_CA_FILE. Each push is checked as a real
 * service would and more: the VAPID JWT (RFC 8292: ES256 with the key in `k`, audience our
 * origin, expiry within 24 h, a mailto:/https: subject) and the aes128gcm body decrypted with the
 * subscription's private key (RFC 8291) into the JSON the server sent. It answers 201, or what a
 * test asks per subscription: 404, 410, 429 with Retry-After, 5xx, slowly.
 */

export interface FakeReply {
  status: number;
  retryAfter?: number;
  /** Milliseconds before answering. */
  delayMs?: number;
  /** An answer body this long, sent as fast as the client reads it (a client reads a few KB at most). */
  bodyBytes?: number;
}

export interface ReceivedPush {
  subscription: string;
  /** When the request came in (Unix ms). */
  arrivedAt: number;
  status: number;
  payload: unknown;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  jwt: string;
  claims: { aud: string; exp: number; sub: string };
}

export interface TestSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** A subscription's private side: its ECDH key pair and auth secret. */
export interface Keys {
  ecdh: crypto.ECDH;
  publicKey: Buffer;
  auth: Buffer;
}

export class FakePushService {
  readonly received: ReceivedPush[] = [];
  /** Requests that failed a check (bad JWT, undecryptable body): a test expects none. */
  readonly errors: string[] = [];
  /** Milliseconds every answer waits (bench: 50). */
  latencyMs = 0;
  /** Requests being answered now, and the most at once. */
  inFlight = 0;
  maxInFlight = 0;
  /** Of each answer whose body the client hung up on before its end, the bytes written till then. */
  readonly cutBodies: number[] = [];
  private server: https.Server | undefined;
  private dir = '';
  private readonly keys = new Map<string, Keys>();
  private readonly replies = new Map<string, FakeReply[]>();
  origin = '';
  caFile = '';

  async start(): Promise<this> {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-fake-push-'));
    const key = path.join(this.dir, 'key.pem');
    this.caFile = path.join(this.dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        this.caFile,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    this.server = https.createServer(
      { key: fs.readFileSync(key), cert: fs.readFileSync(this.caFile) },
      (req, res) => void this.handle(req, res),
    );
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.origin = `https://localhost:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** A new subscription as a browser would make it (its own P-256 key pair and auth secret). */
  subscription(): TestSubscription {
    const ecdh = crypto.createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const auth = crypto.randomBytes(16);
    const id = crypto.randomBytes(12).toString('base64url');
    this.keys.set(id, { ecdh, publicKey, auth });
    return {
      id,
      endpoint: `${this.origin}/push/${id}`,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    };
  }

  /** How the next requests to this subscription are answered, in order; the last one stays. */
  answer(id: string, ...replies: FakeReply[]): void {
    this.replies.set(id, replies);
  }

  /** Pushes received for a subscription (decrypted), every answer included. */
  pushesTo(id: string): ReceivedPush[] {
    return this.received.filter((r) => r.subscription === id);
  }

  private nextReply(id: string): FakeReply {
    const list = this.replies.get(id);
    if (!list || list.length === 0) return { status: 201 };
    return (list.length > 1 ? list.shift() : list[0]) as FakeReply;
  }

  private async handle(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) {
    const arrivedAt = Date.now();
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const keys = this.keys.get(id);
      if (req.method !== 'POST' || !keys) {
        res.writeHead(404).end();
        return;
      }
      let payload: unknown;
      let vapid: { jwt: string; claims: ReceivedPush['claims'] };
      try {
        vapid = this.checkVapid(String(req.headers.authorization ?? ''));
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('content-encoding');
        payload = JSON.parse(decrypt(Buffer.concat(chunks), keys).toString('utf8'));
      } catch (err) {
        this.errors.push(`${id}: ${(err as Error).message}`);
        res.writeHead(400).end();
        return;
      }
      const reply = this.nextReply(id);
      const delay = (reply.delayMs ?? 0) + this.latencyMs;
      if (delay > 0) await new Promise((r) => setTimeout(r, delay));
      this.received.push({
        subscription: id,
        arrivedAt,
        status: reply.status,
        payload,
        ttl: Number(req.headers.ttl),
        urgency: req.headers.urgency as string | undefined,
        topic: req.headers.topic as string | undefined,
        ...vapid,
      });
      const headers: Record<string, string> = {};
      if (reply.retryAfter !== undefined) headers['Retry-After'] = String(reply.retryAfter);
      if (reply.status === 201) headers.Location = `${this.origin}/message/${crypto.randomUUID()}`;
      // A redirect back to the same address: a client that followed it would be counted twice.
      if (reply.status >= 300 && reply.status < 400) headers.Location = `${this.origin}${req.url}`;
      if (res.destroyed) return;
      res.writeHead(reply.status, headers);
      const sent = await writeBody(res, reply.bodyBytes ?? 0);
      if (sent < (reply.bodyBytes ?? 0)) this.cutBodies.push(sent);
    } finally {
      this.inFlight--;
    }
  }

  /** RFC 8292: `vapid t=<JWT>, k=<public key>`, ES256 over the JWT with that key. */
  private checkVapid(header: string): { jwt: string; claims: ReceivedPush['claims'] } {
    const m = /^vapid t=([A-Za-z0-9_.-]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
    if (!m) throw new Error(`authorization: ${header}`);
    const [, jwt = '', k = ''] = m;
    const [head = '', body = '', signature = ''] = jwt.split('.');
    const raw = Buffer.from(k, 'base64url');
    if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is no P-256 point');
    const key = crypto.createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const valid = crypto.verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!valid) throw new Error('bad signature');
    if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('alg');
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as ReceivedPush['claims'];
    const now = Date.now() / 1000;
    if (claims.aud !== this.origin) throw new Error(`aud ${claims.aud}`);
    if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error(`exp ${claims.exp}`);
    if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error(`sub ${claims.sub}`);
    return { jwt, claims };
  }
}

/** Writes `bytes` of filler, waiting while the client does not read; the bytes written before it hung up. */
async function writeBody(res: http.ServerResponse, bytes: number): Promise<number> {
  const chunk = Buffer.alloc(16 * 1024, 0x20);
  let sent = 0;
  for (; sent < bytes && !res.destroyed; sent += chunk.length)
    if (!res.write(chunk)) await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
  if (!res.destroyed) res.end();
  return sent;
}

/** RFC 8291 with RFC 8188 aes128gcm: one record, keyed from ECDH with the sender's key and the auth secret. */
export function decrypt(body: Buffer, keys: Keys): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || ciphertext.length > recordSize) throw new Error('header');
  const shared = keys.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.publicKey, senderKey]);
  const ikm = Buffer.from(crypto.hkdfSync('sha256', shared, keys.auth, keyInfo, 32));
  const cek = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('padding');
  return plain.subarray(0, end);
}
