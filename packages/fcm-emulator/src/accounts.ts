import { createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { type ServiceAccountJson } from './types';

interface Account {
  projectId: string;
  publicKey: KeyObject;
  tokenUri?: string;
}

export interface AccessToken {
  projectId: string;
  expiresAt: number;
}

/** Service accounts (by client_email) and the access tokens issued to them. */
export class Accounts {
  private readonly byEmail = new Map<string, Account>();
  private readonly tokens = new Map<string, AccessToken>();

  register(projectId: string, clientEmail: string, publicKeyPem: string, tokenUri?: string): void {
    this.byEmail.set(clientEmail, { projectId, publicKey: createPublicKey(publicKeyPem), tokenUri });
  }

  account(clientEmail: string): Account | undefined {
    return this.byEmail.get(clientEmail);
  }

  /** Generates a 2048-bit key pair and returns a complete service-account JSON registered here. */
  create(projectId: string, tokenUri: string, clientEmail?: string): ServiceAccountJson {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const email =
      clientEmail ??
      `firebase-adminsdk-${randomBytes(3).toString('hex').slice(0, 5)}@${projectId}.iam.gserviceaccount.com`;
    this.register(projectId, email, publicKey, tokenUri);
    return {
      type: 'service_account',
      project_id: projectId,
      private_key_id: randomBytes(20).toString('hex'),
      private_key: privateKey,
      client_email: email,
      client_id: BigInt(`0x${randomBytes(9).toString('hex')}`)
        .toString()
        .padStart(21, '1')
        .slice(0, 21),
      auth_uri: 'https://accounts.google.com/o/oauth2/auth',
      token_uri: tokenUri,
      auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
      client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(email)}`,
    };
  }

  issue(projectId: string, expiresInSeconds: number, now = Date.now()): string {
    const token = `emu.${randomBytes(32).toString('base64url')}`;
    this.tokens.set(token, { projectId, expiresAt: now + expiresInSeconds * 1000 });
    return token;
  }

  lookup(accessToken: string): AccessToken | undefined {
    return this.tokens.get(accessToken);
  }
}
