import { jsonTooDeep } from '@qrqr/shared/well-formed-text';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';
import { illFormedField, parseQuerystring } from './querystring';
import { ILL_FORMED_RULE } from './validation';

/**
 * JSON and form-encoded bodies are decoded as strict UTF-8: invalid bytes are refused (E-400 on
 * `body`) instead of being silently replaced with U+FFFD, which would change the user's text.
 * A form's percent escapes are decoded the same way (querystring.ts): `tag_name=%FF%FE` is
 * refused naming `tag_name`, where a lenient parser kept the raw escapes as the text.
 */
export function registerBodyParsers(app: FastifyInstance, bodyLimit: number): void {
  const strict = new TextDecoder('utf-8', { fatal: true });
  const decode = (body: Buffer): string => {
    try {
      return strict.decode(body);
    } catch {
      throw AppError.field('body', ILL_FORMED_RULE);
    }
  };
  const parseJson = app.getDefaultJsonParser('error', 'error');

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit }, (request, body, done) => {
    let text: string;
    try {
      text = decode(body as Buffer);
      // Refused before parsing: no walk over it costs more than its length (well-formed-text.ts).
      if (jsonTooDeep(text)) throw AppError.field('body', 'validation.json_too_deep');
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer', bodyLimit },
    (_request, body, done) => {
      try {
        const fields = parseQuerystring(decode(body as Buffer));
        const ill = illFormedField(fields);
        if (ill !== undefined) throw AppError.field(ill, ILL_FORMED_RULE);
        done(null, fields);
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
}
