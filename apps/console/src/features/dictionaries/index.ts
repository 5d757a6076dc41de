// What other features use of this one; they import it from here only (eslint.config.js, docs/architecture.md).
export { useAppDictionaries } from './api/get-app-dictionaries';
export { useDictionaries } from './api/use-dictionaries';
