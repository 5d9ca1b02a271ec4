import { z } from 'zod';
import { emailField } from './auth-schemas';
import { listFromForm } from './form-json';

/**
 * Sharing a code's read log (§3 Share, §5 sharing rules): the permission set, the invitation
 * body and what the share dialog and the shared tab read. Messages are message keys (messages/).
 */

/** The four permissions of §6 "share recipient", in the order the dialog shows them. */
export const SHARE_PERMISSIONS = ['view', 'edit_title', 'delete_code', 'manage_users'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];

export const SHARE_LIMITS = {
  /** §9: at most 30 addresses in one invitation. */
  maxAddresses: 30,
  /** How long an invitation link stays open. */
  invitationDays: 7,
} as const;

/** The same normalisation the account module applies, so "A@x.jp" and "a@x.jp" are one address. */
export function normaliseShareEmail(email: string): string {
  return email.trim().toLowerCase();
}

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
    // §5 "no duplicates in the input": the second and later copies are marked.
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
export interface ShareEntryDto {
  /** The recipient's user id, or `invitation:{id}` while the invitation is open. */
  uid: string;
  email: string;
  /** Empty while the invitation is open. */
  user_name: string;
  permissions: SharePermission[];
  state: 'accepted' | 'invited';
  /** Unix ms: accepted, or invited. */
  since: number;
  /** The viewer's own entry (they may leave). */
  is_me: boolean;
}

/** GET /qrcode/share/getShareMessage/{id}: what the viewer may do and who else has access. */
export interface ShareMessageDto {
  qr_id: string;
  title: string;
  is_owner: boolean;
  /** The viewer's permissions (all four for the owner). */
  permissions: SharePermission[];
  owner_name: string;
  /** Everyone with access for the owner and for add/delete-users holders; else the viewer's own entry. */
  shares: ShareEntryDto[];
}

/** GET /api/qrcode/share/invitation: what the sign-in page shows for an invitation link. */
export interface ShareInvitationDto {
  email: string;
  inviter_name: string;
  title: string;
  /** Whether an account with the invited address exists (sign in) or not yet (sign up first). */
  has_account: boolean;
  /**
   * Who is asking: a guest, the invited account, or another signed-in account, which gets the
   * §5 mismatch message at once (and neither the invited address nor `has_account`).
   */
  viewer: InvitationViewer;
}

export const INVITATION_VIEWERS = ['guest', 'invitee', 'other'] as const;
export type InvitationViewer = (typeof INVITATION_VIEWERS)[number];
