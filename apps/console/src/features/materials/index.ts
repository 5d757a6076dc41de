// What other code uses of this one; features import it from here only (eslint.config.js, docs/architecture.md).
export { MaterialsScreen, type MaterialTab } from './components/materials-screen';
