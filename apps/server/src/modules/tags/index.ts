/** The tags module's public entry: its routes, and the tag lookup user groups check their conditions against. */
export { existingTagIds, tagsModule } from './tags.module';
