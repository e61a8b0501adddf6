export * from './api';
export * from './messages';
export * from './money';
export * from './password';
export * from './settings';
export * from './users';
export * from './reference';
