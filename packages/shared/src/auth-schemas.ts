import { z } from 'zod';
import { LIMITS } from './limits';
import { nameField } from './name-field';

/**
 * Account request bodies with their validation rules. Error messages are message keys
 * (see messages/), so the server answers in the caller's language and the form shows the same text.
 */

// Half-width (ASCII) letters, digits and symbols; no spaces, no full-width characters.
const HALF_WIDTH = /^[\x21-\x7e]+$/;

export const emailField = z
  .string({ error: 'validation.email_required' })
  .trim()
  .min(1, { error: 'validation.email_required' })
  .max(LIMITS.emailMax, { error: 'validation.email_invalid' })
  .pipe(z.email({ error: 'validation.email_invalid' }));

export const passwordField = z
  .string({ error: 'validation.password_required' })
  .min(1, { error: 'validation.password_required' })
  .min(LIMITS.passwordMin, { error: 'validation.password_rule' })
  .max(LIMITS.passwordMax, { error: 'validation.password_too_long' })
  .regex(HALF_WIDTH, { error: 'validation.password_rule' });

/** Checked on sign-in and unsubscribe only for presence: the stored hash decides. */
const currentPasswordField = z
  .string({ error: 'validation.password_required' })
  .min(1, { error: 'validation.password_required' })
  .max(LIMITS.passwordMax, { error: 'validation.password_too_long' });

/** Line breaks, tabs and other control characters: a name is one line (it heads mails and menus). */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029]/u;
const oneLine = (v: string) => !NOT_ONE_LINE.test(v);

export const userNameField = nameField({
  max: LIMITS.userNameMax,
  required: 'validation.user_name_required',
  tooLong: 'validation.user_name_too_long',
}).refine(oneLine, { error: 'validation.name_one_line' });

export const companyNameField = nameField({
  max: LIMITS.companyNameMax,
  tooLong: 'validation.company_name_too_long',
})
  .refine(oneLine, { error: 'validation.name_one_line' })
  .optional()
  .default('');

/** A checkbox from JSON (true/false) or a form-encoded body ("true", "1", "on"). */
const formBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

const tokenField = z.string({ error: 'validation.required' }).trim().min(1).max(128);

/**
 * A share-invitation code passed along from its mail link. Never an error of the form the user
 * fills in: the server uses it only when it is an open invitation to the account's address.
 */
const invitationCodeField = z.string().trim().max(128).optional();

export const signupBody = z.object({
  email: emailField,
  /** Sign-up variant that carries a guest's codes over into the new account. */
  migrate: formBoolean.optional(),
  language: z.string().max(8).optional(),
  /** The invitation the sign-up came from: its activation link carries it, to land on its log. */
  code: invitationCodeField,
});

export const signinBody = z.object({
  email: emailField,
  password: currentPasswordField,
  /** A share-invitation code; accepted with the sign-in, refused when another account signs in. */
  code: invitationCodeField,
});

export const activateBody = z.object({
  user_name: userNameField,
  company_name: companyNameField,
  user_id: tokenField,
  password: passwordField,
  confirmation_code: tokenField,
  /** The invitation the sign-up came from (the activation link's `invitation_code`). */
  invitation_code: invitationCodeField,
});

export const forgotPasswordRequestBody = z.object({
  email: emailField,
  language: z.string().max(8).optional(),
});

export const forgotPasswordVerifyBody = z.object({
  user_id: tokenField,
  new_password: passwordField,
  confirmation_code: tokenField,
  language: z.string().max(8).optional(),
});

export const unsubscribeBody = z.object({ password: currentPasswordField });

export const userInfoBody = z.object({
  user_name: userNameField,
  company_name: companyNameField,
});

export const changeEmailRequestBody = z.object({
  new_email: emailField,
  language: z.string().max(8).optional(),
});

export const changeEmailVerifyBody = z.object({
  user_id: tokenField,
  confirmation_code: tokenField,
});

export const changePasswordBody = z.object({
  current_password: currentPasswordField,
  new_password: passwordField,
});

/** Form-only: the screens ask for the new password twice, and the two must match. */
export function withPasswordConfirmation<S extends z.ZodObject>(
  schema: S,
  field: keyof z.output<S> & string,
) {
  return schema
    .extend({ password_confirmation: z.string() })
    .refine((v) => (v as Record<string, unknown>)[field] === v.password_confirmation, {
      error: 'validation.password_mismatch',
      path: ['password_confirmation'],
    }) as unknown as z.ZodType<
    z.output<S> & { password_confirmation: string },
    z.input<S> & { password_confirmation: string }
  >;
}

export type SignupBody = z.infer<typeof signupBody>;
export type SigninBody = z.infer<typeof signinBody>;
export type ActivateBody = z.infer<typeof activateBody>;
export type ForgotPasswordRequestBody = z.infer<typeof forgotPasswordRequestBody>;
export type ForgotPasswordVerifyBody = z.infer<typeof forgotPasswordVerifyBody>;
export type UserInfoBody = z.infer<typeof userInfoBody>;
export type ChangeEmailRequestBody = z.infer<typeof changeEmailRequestBody>;
export type ChangeEmailVerifyBody = z.infer<typeof changeEmailVerifyBody>;
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The signed-in account as the account calls answer it. */
export const userInfoSchema = z.object({
  user_id: z.string(),
  user_name: z.string(),
  company_name: z.string(),
  email: z.string(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** GET and POST /api/user/info. */
export const userInfoAnswer = z.object({ user: userInfoSchema });

/** Sign-out and unsubscribe: the new guest session's CSRF token. */
export const csrfTokenAnswer = z.object({ csrf_token: z.string() });

/** POST /api/signin: the account and the new session's CSRF token. */
export const signedInAnswer = z.object({ user: userInfoSchema, csrf_token: z.string() });
export type SignedInAnswer = z.infer<typeof signedInAnswer>;

/** POST /api/activate: as sign-in, and the screen to open first. */
export const activatedAnswer = signedInAnswer.extend({
  next: z
    .string()
    .optional()
    .describe('The screen to open first, e.g. the read log of an accepted invitation'),
});
export type ActivatedAnswer = z.infer<typeof activatedAnswer>;

/** GET /api/activate/check: `email` for a link still to be used; `signed_in` when the account is already active. */
export const activationLinkAnswer = z.object({
  state: z.enum(['pending', 'active']),
  email: z.string().optional(),
  signed_in: z.boolean().optional(),
});

/** POST /api/email/change/verify: the address now in use. */
export const emailChangedAnswer = z.object({ email: z.string() });
