/** Users and attributes (issue 33 §1): the device API's group commits, the settings' routes, troubleshooting's read. */
export { userAttributesModule } from './user-attributes.module';
export { UserAttributesRepository, type DeviceUserRow, type NameRow } from './user-attributes.repository';
export { UserAttributesService, type UserAttributesServiceOptions } from './user-attributes.service';
