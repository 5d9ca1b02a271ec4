/**
 * What other modules (qrcodes, analytics) ask of the sharing module: the one access check behind
 * every call on a code, and a code as a recipient sees it. Sharing sits below them and imports neither.
 */
export {
  type AccessViewer,
  type CodeAccess,
  codeAccess,
  memberViewer,
  type Need,
  requireAccess,
} from './access';
export { fromFlags, type PermissionFlags } from './permissions';
export { asSeenBy, type SeenCode } from './present-share';
