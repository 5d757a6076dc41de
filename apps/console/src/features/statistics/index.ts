// What other features use of this one; they import it from here only (eslint.config.js, docs/architecture.md).
// Its routes (app/routes/app/statisticsData/*) open the screens; echarts comes with them, never with the first page.
export { DimensionScreen } from './components/dimension-screen';
export { ProjectScreen } from './components/project-screen';
export { UserScreen } from './components/user-screen';
