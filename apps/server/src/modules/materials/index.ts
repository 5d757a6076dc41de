/**
 * The materials module's public entry (docs/materials.md): its routes, the material a message may be composed from
 * (usableMaterial, for the messages module), and the service (importRows: the Excel import).
 */
export { materialsModule } from './materials.module';
export { MaterialsService, type MaterialActor, type MaterialChanged } from './materials.service';
export { usableMaterial, type UsableMaterial } from './usable-material';
export { MaterialsRepository } from './materials.repository';
export type { MaterialApp } from './material-content';
