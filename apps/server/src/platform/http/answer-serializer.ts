import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * The answer serializer: the zod type provider's, which parses each answer with its route's
 * response schema (from @qrqr/shared) and so drops any field the schema lacks. Outside production
 * (tests, development) a dropped field fails the call instead, so a presenter and its schema
 * cannot drift apart unnoticed.
 */
export function answerSerializerCompiler(options: { strict: boolean }): FastifySerializerCompiler<z.ZodType> {
  if (!options.strict) return serializerCompiler;
  return (route) => {
    const serialize = serializerCompiler(route);
    return (data) => {
      const json = serialize(data);
      const lost = droppedFields(JSON.parse(JSON.stringify(data) ?? 'null'), JSON.parse(json));
      if (lost.length > 0)
        throw new Error(
          `${route.method} ${route.url} answers fields its response schema lacks: ${lost.join(', ')}`,
        );
      return json;
    };
  };
}

/** Paths of the keys `sent` has and `kept` lost, at any depth (arrays index by position). */
export function droppedFields(sent: unknown, kept: unknown, path = ''): string[] {
  if (Array.isArray(sent))
    return Array.isArray(kept)
      ? sent.flatMap((item, i) => droppedFields(item, kept[i], `${path}[${i}]`))
      : [];
  if (!isRecord(sent) || !isRecord(kept)) return [];
  return Object.keys(sent).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    return key in kept ? droppedFields(sent[key], kept[key], at) : [at];
  });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
