export { platformStatisticsModule, statisticsModule } from './statistics.module';
export { rebuildDayTotals, StatisticsWriter } from './statistics.writer';
export { EventCounter, type EventCounterOptions } from './statistics.counter';
export { withCountsSettled } from './counts-settled';
