import { readerPushPath } from '@qrqr/shared/paths';
import type { PushKeyAnswer, PushSubscribeAnswer } from '@qrqr/shared/push-schemas';
import { call } from '../shared/api';

/**
 * The reader's Web Push calls: the subscription lives on the reader's service worker (scope
 * /reader), which also shows the notifications; the channel page (/c/…) is outside that scope,
 * so it asks for that registration by scope rather than `serviceWorker.ready`.
 */
const SCOPE = '/reader';

export type PushState = 'on' | 'off' | 'blocked';

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration(SCOPE);
  const reg = existing ?? (await navigator.serviceWorker.register('/reader-sw.js', { scope: SCOPE }));
  if (reg.active) return reg;
  // pushManager.subscribe needs an active worker: wait for the one installing.
  const worker = reg.installing ?? reg.waiting;
  if (worker)
    await new Promise<void>((resolve) => {
      const done = () => worker.state === 'activated' && resolve();
      worker.addEventListener('statechange', done);
      done();
    });
  return reg;
}

async function existingSubscription(): Promise<PushSubscription | null> {
  const reg = await navigator.serviceWorker.getRegistration(SCOPE);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

/** On, off or blocked by the browser, as this device stands now. */
export async function currentPushState(): Promise<PushState> {
  if (Notification.permission === 'denied') return 'blocked';
  if (Notification.permission !== 'granted') return 'off';
  return (await existingSubscription()) ? 'on' : 'off';
}

/** base64url (the VAPID key as the server gives it) to the bytes pushManager.subscribe takes. */
export function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const plain = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(plain.length));
  for (let i = 0; i < plain.length; i++) bytes[i] = plain.charCodeAt(i);
  return bytes;
}

/**
 * How long the browser's prompt may stay unanswered, and the subscription (the push service, the
 * worker, our server) may take, before the visitor is told it did not work and may tap again: a
 * blocked network or a browser that never answers would otherwise leave the button waiting forever.
 */
export const PERMISSION_DEADLINE_MS = 60_000;
export const SUBSCRIBE_DEADLINE_MS = 10_000;

/** The promise's value, or 'timeout' once `ms` passed (the promise itself is left to settle unseen). */
export function within<T>(ms: number, promise: Promise<T>): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

async function subscribe(): Promise<'on' | 'failed'> {
  const key = await call<PushKeyAnswer>('GET', readerPushPath.key);
  if (!key.ok) return 'failed';
  try {
    const reg = await registration();
    const sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: base64urlToBytes(key.data.vapid_public_key),
      }));
    const saved = await call<PushSubscribeAnswer>('POST', readerPushPath.subscribe, sub.toJSON());
    return saved.ok ? 'on' : 'failed';
  } catch {
    return 'failed';
  }
}

/**
 * Asks the browser (only ever on a tap), subscribes with the server's key and stores the
 * subscription on the server. 'failed' when the browser or the server refused, 'timeout' when
 * either step did not finish in its time.
 */
export async function turnPushOn(): Promise<PushState | 'failed' | 'timeout'> {
  const permission = await within(PERMISSION_DEADLINE_MS, Notification.requestPermission());
  if (permission === 'timeout') return 'timeout';
  if (permission === 'denied') return 'blocked';
  if (permission !== 'granted') return 'off';
  return within(SUBSCRIBE_DEADLINE_MS, subscribe());
}

/** Unsubscribes in the browser and tells the server to forget the endpoint. */
export function turnPushOff(): Promise<PushState | 'failed' | 'timeout'> {
  return within(SUBSCRIBE_DEADLINE_MS, unsubscribe());
}

async function unsubscribe(): Promise<PushState | 'failed'> {
  const sub = await existingSubscription();
  if (!sub) return 'off';
  const json = sub.toJSON();
  await sub.unsubscribe().catch(() => false);
  const answer = await call('POST', readerPushPath.unsubscribe, json);
  return answer.ok ? 'off' : 'failed';
}

/**
 * Each time the reader opens: when notifications are allowed and a subscription exists, send it
 * again so the server has it (it may have been dropped, or the browser may have renewed it).
 */
export async function resendSubscription(): Promise<void> {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  const sub = await existingSubscription().catch(() => null);
  if (sub) await call('POST', readerPushPath.subscribe, sub.toJSON());
}
