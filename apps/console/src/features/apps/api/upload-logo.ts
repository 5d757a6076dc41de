import { appCalls, type MessageLang } from '@beacon/shared';
import { uploadFile } from '../../../lib/upload-file';

/** Uploads an app logo (checked again on the server) and answers its `/files/…` url. */
export const uploadLogo = (file: File, lang: MessageLang) => uploadFile(appCalls.uploadLogo, file, lang);
