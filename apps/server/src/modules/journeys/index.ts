export { journeysModule } from './journeys.module';
