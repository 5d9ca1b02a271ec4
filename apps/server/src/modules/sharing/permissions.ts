import { SHARE_PERMISSIONS, type SharePermission } from '@qrqr/shared/sharing-constants';

/** The four 0/1 columns both share tables hold, and the list the API speaks. */
export interface PermissionFlags {
  can_view: number;
  can_edit_title: number;
  can_delete_code: number;
  can_manage_users: number;
}

const COLUMN: Record<SharePermission, keyof PermissionFlags> = {
  view: 'can_view',
  edit_title: 'can_edit_title',
  delete_code: 'can_delete_code',
  manage_users: 'can_manage_users',
};

export function toFlags(permissions: readonly SharePermission[]): PermissionFlags {
  const set = new Set(permissions);
  return {
    can_view: set.has('view') ? 1 : 0,
    can_edit_title: set.has('edit_title') ? 1 : 0,
    can_delete_code: set.has('delete_code') ? 1 : 0,
    can_manage_users: set.has('manage_users') ? 1 : 0,
  };
}

/** In the dialog's order, whatever order they were given in. */
export function fromFlags(flags: PermissionFlags): SharePermission[] {
  return SHARE_PERMISSIONS.filter((p) => Number(flags[COLUMN[p]]) === 1);
}

export const ALL_PERMISSIONS: SharePermission[] = [...SHARE_PERMISSIONS];
