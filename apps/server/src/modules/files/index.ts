/** The files module's public entry: /files routes, and the service other modules store uploads with. */
export { registerFilesRoutes } from './files.routes';
export { FilesRepository } from './files.repository';
export { FilesService } from './files.service';
