// The plans feature's public surface (eslint.config.js: other features import only from here).
export { PlansSection } from './plans-section';
