import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from '../src/lib/lazy-zod-resolver';

const schema = z.object({ url: z.string().url(), tags: z.array(z.string()) });
const loadSchema = async () => schema;

describe('lazyZodResolver', () => {
  // The form passes its values; the form kept changing while the schema loaded.
  it('validates the values as they were at the tap, not as changed while it loads', async () => {
    const resolver = lazyZodResolver(loadSchema);
    const values = { url: 'hello', tags: ['a'] };
    const result = resolver(values);
    values.url = 'https://example.com/typed-after-the-tap';
    values.tags.push('b');
    const { errors } = await result;
    expect(Object.keys(errors)).toEqual(['url']);
    const again = await resolver(values);
    expect(again.errors).toEqual({});
    expect(again.values).toEqual({ url: 'https://example.com/typed-after-the-tap', tags: ['a', 'b'] });
  });
});
