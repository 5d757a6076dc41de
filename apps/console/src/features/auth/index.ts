// What other features use of this one; they import it from here only (eslint.config.js, docs/architecture.md).
export { useLoginStatus } from './api/get-login-status';
export { useLogin } from './api/login';
export { useLogout } from './api/logout';
