export { platformStatisticsModule, statisticsModule } from './statistics.module';
export { StatisticsWriter } from './statistics.writer';
export { rebuildDayTotals } from './day-totals.repository';
export { EventCounter, type EventCounterOptions } from './statistics.counter';
export { withCountsSettled } from './counts-settled';
