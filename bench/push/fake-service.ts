/**
 * The fake push service of the tests in a process of its own (so its TLS, decryption and JWT
 * checks are not counted as the sender's CPU). Parent → {latencyMs} starts it; it answers
 * {origin, caFile}; {cmd: 'count'} answers {received, errors, maxInFlight}; {cmd: 'arrivals'} the pushes per message.
 */
import { FakePushService, type TestSubscription } from '../../apps/server/test/support/fake-push-service';

const fake = new FakePushService();
process.on('message', async (msg: { cmd: string; latencyMs?: number; n?: number }) => {
  if (msg.cmd === 'start') {
    await fake.start();
    fake.latencyMs = msg.latencyMs ?? 0;
    process.send?.({ origin: fake.origin, caFile: fake.caFile });
  } else if (msg.cmd === 'subscriptions') {
    const subs: TestSubscription[] = Array.from({ length: msg.n ?? 0 }, () => fake.subscription());
    process.send?.({ subs });
  } else if (msg.cmd === 'count') {
    process.send?.({
      received: fake.received.length,
      errors: fake.errors.slice(0, 5),
      maxInFlight: fake.maxInFlight,
    });
  } else if (msg.cmd === 'arrivals') {
    // Per message id: how many pushes came in, how many subscriptions got it twice, the first and last arrival.
    type Seen = { count: number; first: number; last: number; subs: Set<string>; twice: number };
    const byMessage = new Map<number, Seen>();
    for (const r of fake.received) {
      const id = Number((r.payload as { message_id?: number }).message_id);
      const m = byMessage.get(id) ?? {
        count: 0,
        first: r.arrivedAt,
        last: 0,
        subs: new Set<string>(),
        twice: 0,
      };
      m.count++;
      m.first = Math.min(m.first, r.arrivedAt);
      m.last = Math.max(m.last, r.arrivedAt);
      if (m.subs.has(r.subscription)) m.twice++;
      m.subs.add(r.subscription);
      byMessage.set(id, m);
    }
    process.send?.({
      messages: [...byMessage].map(([id, m]) => ({
        id,
        count: m.count,
        first: m.first,
        last: m.last,
        twice: m.twice,
      })),
      errors: fake.errors.slice(0, 5),
    });
  } else if (msg.cmd === 'reset') {
    fake.received.length = 0;
    fake.errors.length = 0;
    fake.maxInFlight = 0;
    process.send?.({ ok: true });
  } else if (msg.cmd === 'stop') {
    await fake.stop();
    process.exit(0);
  }
});
