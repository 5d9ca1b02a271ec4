/**
 * The fake push service of the tests in a process of its own (so its TLS, decryption and JWT
 * checks are not counted as the sender's CPU). Parent → {latencyMs} starts it; it answers
 * {origin, caFile}; {cmd: 'count'} answers {received, errors, maxInFlight}.
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
