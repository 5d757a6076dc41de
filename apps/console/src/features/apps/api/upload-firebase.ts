import { appCalls, type MessageLang } from '@beacon/shared';
import { uploadFile } from '../../../lib/upload-file';

/** Uploads a service-account JSON; the answer's `origin` is what create and replace take as appFireBaseJsonId. */
export const uploadFirebase = (file: File, lang: MessageLang) =>
  uploadFile(appCalls.uploadFirebase, file, lang);
