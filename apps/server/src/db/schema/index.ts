export * from './users';
export * from './apps';
export * from './devices';
export * from './files';
