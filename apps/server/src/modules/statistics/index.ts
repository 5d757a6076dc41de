export { platformStatisticsModule, statisticsModule } from './statistics.module';
export { rebuildDayTotals, StatisticsWriter } from './statistics.writer';
