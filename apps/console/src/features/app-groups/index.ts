export { useAppGroups } from './api/get-app-groups';
