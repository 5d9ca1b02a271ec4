import { SHARE_PERMISSIONS, type SharePermission } from '@qrqr/shared/sharing-constants';
import type { TFunction } from '../../../lib/translator';

/** 「閲覧」… in the dialog's order. */
export function permissionLabel(permission: SharePermission, t: TFunction): string {
  return t(`sharing:permission.${permission}`);
}

export function permissionList(permissions: readonly SharePermission[], t: TFunction): string {
  return SHARE_PERMISSIONS.filter((p) => permissions.includes(p))
    .map((p) => permissionLabel(p, t))
    .join(t('sharing:list_separator'));
}

/** What the viewer may do with a listed code: the owner everything, a recipient their share. */
export function mayDo(
  code: { is_owner: boolean; permissions?: readonly SharePermission[] },
  permission: SharePermission,
): boolean {
  return code.is_owner || (code.permissions ?? []).includes(permission);
}
