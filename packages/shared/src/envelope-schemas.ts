import { z } from 'zod';

/** Every answer's `status`: S-200 on success, else the error code and its message in the caller's language. */
export const apiStatusSchema = z.object({ code: z.string(), message: z.string() });

/** One field's failed rule, with its message in the caller's language. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  rule: z.string(),
  message: z.string(),
  values: z
    .array(z.string())
    .optional()
    .describe(
      'What the rule is about, when the message alone cannot name it (E-710: the send lists using the tag)',
    ),
});

/** A failure: its status and, for E-400, the field errors. */
export const errorAnswer = z.object({
  status: apiStatusSchema,
  errors: z.array(fieldErrorSchema).optional(),
});
