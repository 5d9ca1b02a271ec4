import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import type { TFunction } from '../../../lib/translator';

/** Where the invite form shows a rule's message: the addresses box, one address, the permissions, or the alert. */
export interface InviteErrors {
  emails?: string;
  addresses: string[];
  permissions?: string;
  alert?: string;
}

interface Issue {
  path: ReadonlyArray<PropertyKey>;
  /** A message key (`validation.…`) or a text. */
  message: string;
}

function text(t: TFunction, key: string): string {
  return key.startsWith('validation.') ? t(`messages:${key}`) : key;
}

/** One list for the form's own check (zod issues) and the server's field errors (`emails.3`). */
export function inviteErrors(issues: Issue[], emails: string[], t: TFunction): InviteErrors {
  const out: InviteErrors = { addresses: [] };
  for (const issue of issues) {
    const [head, index] = issue.path;
    const message = text(t, issue.message);
    if (head === 'permissions') out.permissions ??= message;
    else if (head === 'emails' && typeof index === 'number') {
      const email = emails[index] ?? '';
      const template = issue.message === 'validation.share_already' ? 'already_line' : 'address_line';
      out.addresses.push(t(`sharing:form.${template}`, { email, message }));
    } else if (head === 'emails') out.emails ??= message;
    else out.alert ??= message;
  }
  return out;
}

/** A failed invitation: the server's field errors under the form's parts, anything else as `[code]message`. */
export function inviteErrorsFromApi(error: unknown, emails: string[], t: TFunction): InviteErrors {
  if (!isApiError(error) || error.fieldErrors.length === 0)
    return { addresses: [], alert: errorText(error, t) };
  const issues = error.fieldErrors.map((f) => ({
    path: f.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
    message: f.rule,
  }));
  return inviteErrors(issues, emails, t);
}

/** Addresses as typed: one a line, or separated by commas, semicolons or spaces. */
export function splitAddresses(value: string): string[] {
  return value
    .split(/[\s,;、，；]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}
