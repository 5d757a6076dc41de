export { registerIconModule } from './icon.routes';
