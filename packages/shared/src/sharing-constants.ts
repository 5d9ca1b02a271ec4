/** Sharing a code's read log without zod: the list and the read log only name permissions. */

/** The four permissions an owner gives a share recipient, in the order the dialog shows them. */
export const SHARE_PERMISSIONS = ['view', 'edit_title', 'delete_code', 'manage_users'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];

export const SHARE_LIMITS = {
  /** At most 30 addresses in one invitation. */
  maxAddresses: 30,
  /** How long an invitation link stays open. */
  invitationDays: 7,
} as const;

/** The same normalisation the account module applies, so "A@x.jp" and "a@x.jp" are one address. */
export function normaliseShareEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Who opens an invitation link: nobody signed in, the invited member, another member. */
export const INVITATION_VIEWERS = ['guest', 'invitee', 'other'] as const;
export type InvitationViewer = (typeof INVITATION_VIEWERS)[number];
