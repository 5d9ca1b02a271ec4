import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  activateBody,
  changePasswordBody,
  emailField,
  passwordField,
  withPasswordConfirmation,
} from '../src/auth-schemas';

const issueKey = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? null : r.error?.issues[0]?.message;

const halfWidth = fc.string({ unit: fc.constantFrom(...'abcXYZ019!#$%&*+-=?@_~'.split('')) });

describe('password rule (half-width, 6 to 255)', () => {
  it('accepts every half-width string of 6 to 255 characters', () => {
    fc.assert(
      fc.property(
        halfWidth.filter((s) => s.length >= 6 && s.length <= 255),
        (pw) => {
          expect(passwordField.safeParse(pw).success).toBe(true);
        },
      ),
    );
  });

  it('refuses anything shorter than 6 with the rule message', () => {
    fc.assert(
      fc.property(
        halfWidth.filter((s) => s.length >= 1 && s.length < 6),
        (pw) => {
          expect(issueKey(passwordField.safeParse(pw))).toBe('validation.password_rule');
        },
      ),
    );
  });

  it('refuses a password with any full-width character or space', () => {
    const bad = fc.constantFrom('パ', 'ｱ', '１', 'Ａ', '　', ' ', '漢');
    fc.assert(
      fc.property(halfWidth, bad, halfWidth, (a, b, c) => {
        const pw = `${a}${b}${c}xxxxxx`.slice(0, 255);
        expect(passwordField.safeParse(pw).success).toBe(false);
      }),
    );
  });

  it('names the empty and the too-long password', () => {
    expect(issueKey(passwordField.safeParse(''))).toBe('validation.password_required');
    expect(issueKey(passwordField.safeParse('a'.repeat(256)))).toBe('validation.password_too_long');
  });
});

describe('e-mail rule', () => {
  // Addresses as shops and customers really have them: dotted, plus-tagged, sub-domains.
  const word = fc.string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split('')),
    minLength: 1,
    maxLength: 12,
  });
  const localPart = fc
    .array(word, { minLength: 1, maxLength: 3 })
    .chain((parts) => fc.constantFrom('.', '_', '-', '+').map((sep) => parts.join(sep)));
  const domain = fc
    .tuple(
      fc.array(word, { minLength: 1, maxLength: 3 }),
      fc.constantFrom('jp', 'com', 'co.jp', 'ne.jp', 'shop'),
    )
    .map(([labels, tld]) => `${labels.join('.')}.${tld}`);

  it('accepts realistic addresses, trimmed', () => {
    fc.assert(
      fc.property(localPart, domain, (local, host) => {
        const r = emailField.safeParse(`  ${local}@${host} `);
        expect(r.success).toBe(true);
        expect(r.data).toBe(`${local}@${host}`);
      }),
    );
  });

  it.each([
    ['', 'validation.email_required'],
    ['   ', 'validation.email_required'],
    ['abc', 'validation.email_invalid'],
    ['a@', 'validation.email_invalid'],
    ['@example.jp', 'validation.email_invalid'],
    [`${'a'.repeat(250)}@example.jp`, 'validation.email_invalid'],
  ])('refuses %j with %s', (email, key) => {
    expect(issueKey(emailField.safeParse(email))).toBe(key);
  });
});

describe('activation and confirmation', () => {
  const valid = {
    user_name: '山田',
    company_name: '',
    user_id: 'u',
    password: 'secret1',
    confirmation_code: 'c',
  };

  it('takes a missing company name as empty and trims names', () => {
    const r = activateBody.parse({ ...valid, company_name: undefined, user_name: '  山田  ' });
    expect(r.company_name).toBe('');
    expect(r.user_name).toBe('山田');
  });

  it('limits user name to 1–255 and company name to 255', () => {
    expect(issueKey(activateBody.safeParse({ ...valid, user_name: ' ' }))).toBe(
      'validation.user_name_required',
    );
    expect(issueKey(activateBody.safeParse({ ...valid, user_name: 'a'.repeat(256) }))).toBe(
      'validation.user_name_too_long',
    );
    expect(issueKey(activateBody.safeParse({ ...valid, company_name: 'a'.repeat(256) }))).toBe(
      'validation.company_name_too_long',
    );
    expect(activateBody.safeParse({ ...valid, user_name: 'a'.repeat(255) }).success).toBe(true);
  });

  it('requires the confirmation to match, on the confirmation field', () => {
    const form = withPasswordConfirmation(changePasswordBody, 'new_password');
    fc.assert(
      fc.property(
        halfWidth.filter((s) => s.length >= 6 && s.length <= 50),
        fc.string(),
        (pw, other) => {
          const body = { current_password: 'x', new_password: pw };
          expect(form.safeParse({ ...body, password_confirmation: pw }).success).toBe(true);
          if (other !== pw) {
            const r = form.safeParse({ ...body, password_confirmation: other });
            expect(r.success).toBe(false);
            expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toContainEqual([
              'password_confirmation',
              'validation.password_mismatch',
            ]);
          }
        },
      ),
    );
  });
});
