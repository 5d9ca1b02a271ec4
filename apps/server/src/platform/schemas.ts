import { z } from 'zod';

/** Response shapes for OpenAPI: every body carries `status`, failures may carry field errors. */
export const statusSchema = z.object({ code: z.string(), message: z.string() });

export function okResponse<T extends z.ZodRawShape>(shape?: T) {
  return z.object({ status: statusSchema, ...(shape ?? ({} as T)) });
}

export const errorResponse = z.object({
  status: statusSchema,
  errors: z
    .array(
      z.object({
        field: z.string(),
        rule: z.string(),
        message: z.string(),
        values: z.array(z.string()).optional(),
      }),
    )
    .optional(),
});

export const linkQuery = z.object({
  user_id: z.string().trim().min(1).max(128),
  confirmation_code: z.string().trim().min(1).max(128),
});

/**
 * A route's `response`: its success shape (an answer schema of @qrqr/shared, or its shape) and the
 * shared error shape.
 */
export function responses<T extends z.ZodRawShape>(answer?: T | z.ZodObject<T>) {
  const shape = answer instanceof z.ZodObject ? answer.shape : answer;
  return { 200: okResponse(shape), '4xx': errorResponse, '5xx': errorResponse };
}
