import { apiStatusSchema, errorAnswer } from '@qrqr/shared/envelope-schemas';
import { z } from 'zod';

/** Response shapes for OpenAPI and the serializer: every body carries `status` (@qrqr/shared). */
export function okResponse<T extends z.ZodRawShape>(shape?: T) {
  return z.object({ status: apiStatusSchema, ...(shape ?? ({} as T)) });
}

/** The failure shape of every route (status, and field errors for E-400). */
export const errorResponse = errorAnswer;

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
