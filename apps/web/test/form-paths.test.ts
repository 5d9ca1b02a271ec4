import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { deepEqual, get, setAt, unsetAt } from '../src/lib/form/paths';
import { errorsOfIssues } from '../src/lib/form/schema-errors';

describe('form paths', () => {
  it('sets a value at a dotted path, copying only the way to it', () => {
    const values = { a: { b: 1 }, links: [{ url: 'x' }, { url: 'y' }], other: { c: 2 } };
    const next = setAt(values, 'links.1.url', 'z');
    expect(next).toEqual({ a: { b: 1 }, links: [{ url: 'x' }, { url: 'z' }], other: { c: 2 } });
    expect(values.links[1]?.url).toBe('y');
    expect(next.other).toBe(values.other);
    expect(next.links).not.toBe(values.links);
    expect(setAt({}, 'links.0.url', 'a')).toEqual({ links: [{ url: 'a' }] });
    expect(get(next, 'links.1.url')).toBe('z');
    expect(get(next, 'links.5.url')).toBeUndefined();
  });

  it('removes a path and the objects it leaves empty', () => {
    const errors = { a: { b: { type: 'x' } }, c: { type: 'y' } };
    expect(unsetAt(errors, 'a.b')).toEqual({ c: { type: 'y' } });
    expect(unsetAt(errors, 'missing.path')).toBe(errors);
  });

  it('compares values all the way down', () => {
    expect(deepEqual({ a: [1, { b: '' }] }, { a: [1, { b: '' }] })).toBe(true);
    expect(deepEqual({ a: [1, { b: '' }] }, { a: [1, { b: 'x' }] })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: undefined })).toBe(false);
  });
});

describe('a schema’s issues as form errors', () => {
  it('keeps the first issue of each field, nested as the values', async () => {
    const schema = z.object({
      url: z.string().min(1, 'validation.required').url('validation.url'),
      links: z.array(z.object({ text: z.string().min(1, 'validation.link_text') })),
    });
    const result = await schema.safeParseAsync({ url: '', links: [{ text: 'ok' }, { text: '' }] });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(errorsOfIssues(result.error.issues as never)).toEqual({
      url: { type: 'too_small', message: 'validation.required' },
      links: [undefined, { text: { type: 'too_small', message: 'validation.link_text' } }],
    });
  });

  it('reports the union member that came closest', async () => {
    const schema = z.object({
      code: z.union([z.literal('a'), z.string().regex(/^\d+$/, 'validation.digits')]),
    });
    const result = await schema.safeParseAsync({ code: 'x1' });
    if (result.success) throw new Error('should fail');
    expect(errorsOfIssues(result.error.issues as never).code).toMatchObject({ type: expect.any(String) });
  });
});
