export { registerStatisticsModule } from './statistics.routes';
export { StatisticsWriter } from './statistics.writer';
export { registerPlatformStatisticsModule } from './platform-statistics.routes';
