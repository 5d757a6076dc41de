// What other features use of this one; they import it from here only (eslint.config.js, docs/architecture.md).
export { AttributesCard } from './components/attributes-card';
