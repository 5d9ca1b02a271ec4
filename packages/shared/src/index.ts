export * from './auth-schemas';
export * from './error-codes';
export * from './limits';
export * from './messages/index';
export * from './page-params';
export * from './paths';
export * from './text';
