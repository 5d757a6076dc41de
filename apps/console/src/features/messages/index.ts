// What other features use of this one; they import it from here only (eslint.config.js, docs/architecture.md).
export { StatusTag } from './components/status-tag';
export { ForecastTable, type CountedSend } from './components/forecast-table';
export { lossName } from './lib/format';
