export * from './auth-schemas';
export * from './channel-schemas';
export * from './error-codes';
// Followers and tags (issue 9)
export * from './follower-schemas';
export * from './image-limits';
export * from './limits';
export * from './messages/index';
export * from './page-params';
export * from './paths';
export * from './qr-constants';
export * from './qr-sizing';
export * from './qrcode-schemas';
export * from './sendlist-schemas';
export * from './tag-schemas';
export * from './text';
export * from './url-scheme';
export * from './wifi-payload';
