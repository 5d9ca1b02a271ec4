import { z } from 'zod';

/** GET /api/news: the newest items first, five unless `limit` asks for up to 50. */
export const newsQuery = z.object({
  limit: z.coerce
    .number({ error: 'validation.invalid' })
    .int({ error: 'validation.invalid' })
    .min(1, { error: 'validation.invalid' })
    .max(50, { error: 'validation.invalid' })
    .optional()
    .default(5),
});

/** One news item in the caller's language. */
export const newsItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  published_at: z.number().describe('Unix milliseconds'),
});
export type NewsItemDto = z.infer<typeof newsItemSchema>;

export const newsAnswer = z.object({ news: z.array(newsItemSchema) });
export type NewsAnswer = z.infer<typeof newsAnswer>;
