import { randomBytes } from 'node:crypto';
import { ErrorCodes, APP_LIMITS, type FirebaseUpload } from '@beacon/shared';
import type { TokenEndpoints } from '../../delivery';
import { ApiError, fieldError } from '../../lib/api-error';
import { displayFileName } from '../../lib/file-name';
import type { SecretBox } from '../../lib/secret-box';
import type { ServiceAccountInfo } from './apps.service';
import type { FirebaseUploadsRepository } from './firebase-uploads.repository';
import { parseServiceAccount } from './service-account';

/** How long an uploaded JSON waits for its app to be created. */
const KEEP_MS = 24 * 3600 * 1000;

/**
 * Service-account JSON uploads: checked, sealed and kept server-side under a random handle (`origin`) that the
 * create and replace calls accept; the JSON itself never goes back to the console.
 */
export class FirebaseUploadsService {
  constructor(
    private readonly repo: FirebaseUploadsRepository,
    private readonly box: SecretBox,
    /** Where uploaded keys may send their assertions (allowedTokenEndpoints of the config). */
    private readonly tokenEndpoints: TokenEndpoints,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Checks and keeps an uploaded file: `.json`, at most 1 MB (else 110000), a valid service-account key whose
   * token_uri is an allowed endpoint. The file's name is kept as a display name (lib/file-name.ts).
   */
  async upload(data: Buffer, fileName: string, userId: number): Promise<FirebaseUpload> {
    if (data.length > APP_LIMITS.firebaseJsonMaxBytes) throw new ApiError(ErrorCodes.FIREBASE_FILE_TOO_BIG);
    const name = displayFileName(fileName);
    if (!name.toLowerCase().endsWith('.json')) throw fieldError('file', 'must be a .json file');
    const json = data.toString('utf8');
    const { projectId, clientEmail } = parseServiceAccount(json, this.tokenEndpoints);
    const origin = randomBytes(18).toString('base64url');
    await this.repo.pruneBefore(new Date(this.now().getTime() - KEEP_MS));
    await this.repo.insert({
      id: origin,
      userId,
      jsonEnc: this.box.seal(json),
      projectId,
      clientEmail,
      name,
    });
    return { origin, name, projectId, clientEmail };
  }

  /** The service account behind a handle this user uploaded; status 400 on `field` when unknown or expired. */
  async take(origin: string, userId: number, field = 'appFireBaseJsonId'): Promise<ServiceAccountInfo> {
    const row = await this.repo.find(origin, userId);
    if (!row) throw fieldError(field, 'is unknown or expired: upload the service-account JSON again');
    return {
      json: this.box.open(row.jsonEnc),
      projectId: row.projectId,
      clientEmail: row.clientEmail,
      fileName: row.name,
    };
  }
}
