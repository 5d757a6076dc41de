import { ErrorCodes } from '@beacon/shared';
import { ApiError } from './api-error';

/** The device API's 404 for a gaid the app never registered (heartbeat, user, attributes). */
export function deviceNotRegistered(): ApiError {
  return new ApiError(ErrorCodes.NOT_FOUND, (lang) => {
    if (lang === 'zh') return '设备未注册：请先调用 /sdk/v1/register';
    if (lang === 'fr') return 'Appareil non enregistré : appelez d’abord /sdk/v1/register';
    return 'Device not registered: call /sdk/v1/register first';
  });
}
