/** The files module's public entry: its wiring (/files routes), and the service other modules store uploads with. */
export { filesModule } from './files.module';
export { registerFilesRoutes } from './files.routes';
export { FilesRepository } from './files.repository';
export { FilesService } from './files.service';
