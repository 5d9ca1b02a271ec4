// The invitations feature's public file: the invitee's side of sharing, on sign-in and sign-up.
export type { InvitationInfo } from './api/invitation-calls';
export { InvitationNotice } from './components/invitation-notice';
export { InvitationSignupNote } from './components/invitation-signup-note';
