import { z } from 'zod';
import { emailField } from './auth-schemas';
import { listFromForm } from './form-json';
import {
  INVITATION_VIEWERS,
  normaliseShareEmail,
  SHARE_LIMITS,
  SHARE_PERMISSIONS,
} from './sharing-constants';

/**
 * Sharing a code's read log: the invitation body and what the share dialog and the shared tab
 * read. Messages are message keys (messages/).
 */

export const shareInputBody = z
  .object({
    id: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64),
    // Lists as JSON arrays, or (form bodies) repeated fields or one comma-separated value.
    emails: z.preprocess(
      listFromForm,
      z
        .array(emailField, { error: 'validation.share_emails_required' })
        .min(1, { error: 'validation.share_emails_required' })
        .max(SHARE_LIMITS.maxAddresses, { error: 'validation.share_too_many' }),
    ),
    permissions: z.preprocess(
      listFromForm,
      z
        .array(z.enum(SHARE_PERMISSIONS, { error: 'validation.share_permission_required' }), {
          error: 'validation.share_permission_required',
        })
        .min(1, { error: 'validation.share_permission_required' })
        .max(SHARE_PERMISSIONS.length),
    ),
  })
  .superRefine((v, ctx) => {
    // No address twice in one invitation: the second and later copies are marked.
    const seen = new Set<string>();
    v.emails.forEach((email, i) => {
      const key = normaliseShareEmail(email);
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['emails', i], message: 'validation.share_duplicate' });
      seen.add(key);
    });
  });

export const shareDeleteQuery = z.object({
  qrid: z.string({ error: 'validation.required' }).trim().min(1).max(64),
  /** A recipient's user id, or `invitation:{id}` for an invitation not yet accepted. */
  uid: z.string({ error: 'validation.required' }).trim().min(1).max(64),
});

export const shareCodeBody = z.object({
  code: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(128),
});

export const shareInvitationQuery = shareCodeBody;

export type ShareInputBody = z.infer<typeof shareInputBody>;

/** One person with access, as the share dialog lists them. */
export const shareEntrySchema = z.object({
  uid: z.string().describe('A recipient user id, or invitation:{id} while the invitation is open'),
  email: z.string(),
  user_name: z.string().describe('Empty while the invitation is open'),
  permissions: z.array(z.enum(SHARE_PERMISSIONS)),
  state: z.enum(['accepted', 'invited']),
  since: z.number().describe('Unix milliseconds: accepted, or invited'),
  is_me: z.boolean().describe("The viewer's own entry (they may leave)"),
});
export type ShareEntryDto = z.infer<typeof shareEntrySchema>;

/** GET /qrcode/share/getShareMessage/{id}: what the viewer may do and who else has access. */
export const shareMessageSchema = z.object({
  qr_id: z.string(),
  title: z.string(),
  is_owner: z.boolean(),
  permissions: z
    .array(z.enum(SHARE_PERMISSIONS))
    .describe("The viewer's permissions (all four for the owner)"),
  owner_name: z.string(),
  shares: z
    .array(shareEntrySchema)
    .describe("Everyone with access for the owner and for manage_users holders; else the viewer's own entry"),
});
export type ShareMessageDto = z.infer<typeof shareMessageSchema>;

/**
 * GET /api/qrcode/share/invitation: what the sign-in page shows for an invitation link. `viewer`
 * says who is asking: a guest, the invited account, or another signed-in account, which is told at
 * once that it is not the invited one (and gets neither the invited address nor `has_account`).
 */
export const shareInvitationSchema = z.object({
  qr_id: z.string(),
  email: z.string(),
  inviter_name: z.string(),
  title: z.string(),
  has_account: z
    .boolean()
    .describe('Whether an account with the invited address exists (sign in) or not yet (sign up first)'),
  viewer: z.enum(INVITATION_VIEWERS),
});
export type ShareInvitationDto = z.infer<typeof shareInvitationSchema>;

/** POST /qrcode/share/input: how many addresses were invited. */
export const shareInvitedAnswer = z.object({ invited: z.number().int() });

/** POST /api/qrcode/share/accept: the code now shared with the caller. */
export const shareAcceptAnswer = z.object({ qr_id: z.string() });
