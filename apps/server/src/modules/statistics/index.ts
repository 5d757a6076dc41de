export { registerStatisticsModule } from './statistics.routes';
export { StatisticsWriter } from './statistics.writer';
