import { setAt } from './paths';
import type { FieldError } from './types';

/** The part of a zod issue the form reads (zod itself loads only at the first check). */
interface Issue {
  code: string;
  message: string;
  path: PropertyKey[];
  /** A union's issues, one list per member. */
  errors?: Issue[][];
}

/**
 * A schema's issues as the form's errors: the first issue of each field wins; a union that
 * matched no member reports the member that came closest (fewest issues), and its members'
 * issues may place errors deeper.
 */
export function errorsOfIssues(issues: readonly Issue[]): Record<string, unknown> {
  const queue = [...issues];
  const flat = new Map<string, FieldError>();
  for (let issue = queue.shift(); issue; issue = queue.shift()) {
    const at = issue.path.map(String).join('.');
    if (!flat.has(at)) {
      const closest =
        issue.code === 'invalid_union' && issue.errors?.length
          ? issue.errors.reduce((best, member) => (member.length < best.length ? member : best))[0]
          : undefined;
      flat.set(at, { type: closest?.code ?? issue.code, message: closest?.message ?? issue.message });
    }
    if (issue.code === 'invalid_union')
      for (const member of issue.errors ?? [])
        for (const inner of member) queue.push({ ...inner, path: [...issue.path, ...inner.path] });
  }
  let errors: Record<string, unknown> = {};
  for (const [at, error] of flat) errors = setAt(errors, at, error);
  return errors;
}
