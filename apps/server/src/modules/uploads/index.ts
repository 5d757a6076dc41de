/** The uploads module's public entry: its routes, and the PNG decoding of the small-icon check (the sandbox's demo icon). */
export { uploadsModule } from './uploads.module';
export { decodePng, isSolidOnTransparent } from './png-decode';
