/** What the rest of the server may use of the system module: whether the development mailbox answers. */
export { devMailboxEnabled, devMailboxHint } from './dev-mailbox-access';
