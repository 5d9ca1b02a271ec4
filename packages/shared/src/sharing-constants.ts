// Apart from the schemas: the list and the read log only name permissions, without zod (chunk-groups.ts).
/** The four permissions an owner gives a share recipient, in the order the dialog shows them. */
export const SHARE_PERMISSIONS = ['view', 'edit_title', 'delete_code', 'manage_users'] as const;
export type SharePermission = (typeof SHARE_PERMISSIONS)[number];
