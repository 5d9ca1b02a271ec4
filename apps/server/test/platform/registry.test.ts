import { describe, expect, it } from 'vitest';
import { eventPoint, Registry, usesPoint, vetoPoint } from '../../src/platform/core/registry';

/** The one shape of every extension point: veto, uses and event, registered the same way. */

describe('the registry of extension points', () => {
  it('veto: the ids any handler holds, ascending, each holder named once', async () => {
    const registry = new Registry();
    const point = vetoPoint('test.delete');
    registry.register(point, async ({ ids }) => ids.filter((id) => id > 1).map((id) => ({ id, by: 'B' })));
    registry.register(point, async () => [
      { id: 3, by: 'A' },
      { id: 3, by: 'B' },
      { id: 2, by: 'A' },
    ]);
    expect(await registry.vetoes(point, { channelId: 1, ids: [3, 1, 2] })).toEqual([
      { id: 2, by: ['B', 'A'] },
      { id: 3, by: ['B', 'A'] },
    ]);
    // Another point with the same kind hears nothing of these handlers.
    expect(await registry.vetoes(vetoPoint('test.delete'), { channelId: 1, ids: [3] })).toEqual([]);
  });

  it('uses: every id asked, the handlers added up, ids not asked ignored', async () => {
    const registry = new Registry();
    const point = usesPoint('test.uses');
    registry.register(point, async ({ ids }) => ids.map((id) => ({ id, count: 1 })));
    const off = registry.register(point, async () => [
      { id: 5, count: 2 },
      { id: 9, count: 7 },
    ]);
    expect([...(await registry.uses(point, { channelId: 1, ids: [5, 6] }))]).toEqual([
      [5, 3],
      [6, 1],
    ]);
    off();
    expect([...(await registry.uses(point, { channelId: 1, ids: [5] }))]).toEqual([[5, 1]]);
  });

  it('event: handlers run in the order they registered; a failure rejects and stops the rest', async () => {
    const registry = new Registry();
    const point = eventPoint<{ n: number }>('test.happened');
    const heard: string[] = [];
    registry.register(point, async ({ n }) => {
      heard.push(`a${n}`);
    });
    const off = registry.register(point, async ({ n }) => {
      if (n === 2) throw new Error('boom');
      heard.push(`b${n}`);
    });
    registry.register(point, async ({ n }) => {
      heard.push(`c${n}`);
    });
    await registry.emit(point, { n: 1 });
    await expect(registry.emit(point, { n: 2 })).rejects.toThrow('boom');
    off();
    await registry.emit(point, { n: 3 });
    expect(heard).toEqual(['a1', 'b1', 'c1', 'a2', 'a3', 'c3']);
  });
});
