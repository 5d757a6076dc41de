export { iconModule } from './icon.module';
