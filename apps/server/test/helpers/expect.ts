import { ERRORS, type ErrorCode } from '@qrqr/shared/error-codes';
import type { Locale } from '@qrqr/shared/limits';
import { translate } from '@qrqr/shared/messages';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { droppedFields } from '../../src/platform/http/answer-serializer';

interface Envelope {
  status: { code: string; message: string };
  errors?: Array<{ field: string; rule: string; message: string; values?: string[] }>;
  [key: string]: unknown;
}

/** A success envelope: HTTP 200 and S-200. Returns the body. */
export function expectOk(res: LightMyRequestResponse): Envelope {
  const body = res.json() as Envelope;
  expect({ http: res.statusCode, code: body.status?.code }).toEqual({ http: 200, code: 'S-200' });
  return body;
}

/**
 * A success envelope whose answer is exactly `answer`, the call's schema of @qrqr/shared: it
 * parses, and parsing dropped no field (what the web app reads is what the contract says).
 * Returns the typed answer.
 */
export function expectAnswer<S extends z.ZodObject>(res: LightMyRequestResponse, answer: S): z.output<S> {
  const { status: _status, ...body } = expectOk(res);
  const parsed = answer.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  expect(droppedFields(body, parsed.data), 'fields the shared schema lacks').toEqual([]);
  return parsed.data as z.output<S>;
}

/**
 * A failure envelope: the code's HTTP status, the code, its message in `locale`, and (when given)
 * exactly one field error naming `field` and `rule` with the rule's translated message.
 */
export function expectError(
  res: LightMyRequestResponse,
  code: ErrorCode,
  options: { field?: string; rule?: string; locale?: Locale; messageKey?: string } = {},
): Envelope {
  const body = res.json() as Envelope;
  const locale = options.locale ?? 'ja';
  expect({ http: res.statusCode, status: body.status }).toEqual({
    http: ERRORS[code].http,
    status: { code, message: translate(options.messageKey ?? ERRORS[code].key, locale) },
  });
  for (const e of body.errors ?? []) {
    // Every field error names a rule that has a message in this language (its `{0}` … its values).
    const text = translate(e.rule, locale);
    expect(e.message).toBe(
      e.values ? text.replace(/\{(\d)\}/g, (all, i) => e.values?.[Number(i)] ?? all) : text,
    );
    expect(e.message).not.toBe(e.rule);
  }
  if (options.field || options.rule) {
    expect(body.errors).toContainEqual({
      field: options.field,
      rule: options.rule,
      message: translate(options.rule ?? '', locale),
    });
    // A rule without a translation would come back as its own key.
    expect(translate(options.rule ?? '', locale)).not.toBe(options.rule);
  }
  return body;
}
