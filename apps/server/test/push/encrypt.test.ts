import crypto from 'node:crypto';
import ece from 'http_ece';
import { describe, expect, it } from 'vitest';
import { encryptPush } from '../../src/modules/push/encrypt';
import { PAYLOAD_MAX_BYTES } from '../../src/modules/push/payload';
import { decrypt, type Keys } from '../support/fake-push-service';

/** A browser's side of a subscription: its key pair and auth secret, and the base64url it hands us. */
function receiver(): Keys & { p256dh: string; authText: string } {
  const ecdh = crypto.createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  return {
    ecdh,
    publicKey,
    auth,
    p256dh: publicKey.toString('base64url'),
    authText: auth.toString('base64url'),
  };
}

describe('push encryption (RFC 8291, aes128gcm)', () => {
  it('makes one record the subscription decrypts, with a fresh sender key and salt every push', () => {
    const r = receiver();
    const payload = JSON.stringify({ title: 'カフェ', body: '本日のおすすめ：春限定のブレンド' });
    const a = encryptPush(r.p256dh, r.authText, payload);
    const b = encryptPush(r.p256dh, r.authText, payload);
    for (const body of [a, b]) {
      expect(decrypt(body, r).toString('utf8')).toBe(payload);
      expect(body.readUInt32BE(16)).toBe(4096);
      expect(body[20]).toBe(65);
      expect(body[21]).toBe(4);
      expect(body.length).toBe(86 + Buffer.byteLength(payload) + 1 + 16);
    }
    expect(a.subarray(21, 86).equals(b.subarray(21, 86))).toBe(false);
    expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
    // Another subscription cannot read it.
    expect(() => decrypt(a, receiver())).toThrow();
  });

  it('is read by another implementation of RFC 8188 (http_ece, which web-push uses)', () => {
    const r = receiver();
    const payload = JSON.stringify({ title: 'Café', body: '週末限定 10% OFF' });
    const body = encryptPush(r.p256dh, r.authText, payload);
    const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: r.ecdh, authSecret: r.auth });
    expect(plain.toString('utf8')).toBe(payload);
  });

  it('fits the largest payload in one 4096-byte record', () => {
    const r = receiver();
    const payload = 'あ'.repeat(Math.floor(PAYLOAD_MAX_BYTES / 3)) + 'x'.repeat(PAYLOAD_MAX_BYTES % 3);
    const body = encryptPush(r.p256dh, r.authText, payload);
    // The header (86 bytes), the payload, its delimiter and the tag: the 4,096 bytes a service takes.
    expect(Buffer.byteLength(payload)).toBe(PAYLOAD_MAX_BYTES);
    expect(body.length).toBe(4096);
    expect(decrypt(body, r).toString('utf8')).toBe(payload);
  });

  it('refuses keys that are no P-256 point or an auth secret under 16 bytes', () => {
    const r = receiver();
    expect(() => encryptPush(r.p256dh.slice(0, 40), r.authText, 'x')).toThrow();
    expect(() => encryptPush(Buffer.alloc(65, 4).toString('base64url'), r.authText, 'x')).toThrow();
    expect(() => encryptPush(r.p256dh, crypto.randomBytes(8).toString('base64url'), 'x')).toThrow();
  });
});
