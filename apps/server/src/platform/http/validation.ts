import { illFormedPath } from '@qrqr/shared/well-formed-text';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';

/** The rule every field of every call gets without opting in: well-formed Unicode only. */
export const ILL_FORMED_RULE = 'validation.ill_formed_text';

/**
 * The zod validator of every route's body, query and params, preceded by one shared rule: a lone
 * UTF-16 surrogate anywhere (a value or a key, at any depth) is a field error naming its path.
 * The error has the shape the zod type provider gives, so the one error handler presents it.
 */
export const wellFormedValidatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  return (data) => {
    const path = illFormedPath(data);
    if (path) return { error: illFormedError(path) };
    return validate(data);
  };
};

// fastify-type-provider-zod marks its validation issues with this symbol.
const ZOD_ISSUE = Symbol.for('ZodFastifySchemaValidationError');

function illFormedError(path: Array<string | number>) {
  const issue = {
    [ZOD_ISSUE]: true,
    keyword: 'custom',
    instancePath: `/${path.join('/')}`,
    schemaPath: `#/${path.join('/')}/custom`,
    message: ILL_FORMED_RULE,
    params: { issue: 'body' },
  };
  return [issue] as unknown as Error;
}
