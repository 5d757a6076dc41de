export * from './call';
export * from './envelope';
export * from './error-codes';
export * from './limits';
export * from './permissions';
export * from './contracts/users';
