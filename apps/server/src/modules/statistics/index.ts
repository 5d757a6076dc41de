export { platformStatisticsModule, statisticsModule } from './statistics.module';
export { StatisticsWriter } from './statistics.writer';
