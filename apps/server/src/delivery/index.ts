/**
 * The FCM side of delivery as modules see it: where a service account's token_uri may point, checked at upload
 * (modules/apps) and again before any connection at send time. The engine has its own entry, delivery/engine.
 */
export { allowedTokenEndpoints, isAllowedTokenUri, type TokenEndpoints } from './token-endpoints';
