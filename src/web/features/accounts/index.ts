// The accounts feature's public surface (eslint.config.js: other features import only from here).
export { SignInForm } from './sign-in-form';
export { useLinkToken } from './use-link-token';
