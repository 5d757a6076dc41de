import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';

export interface TlsMaterial {
  caPem: string;
  keyPem: string;
  certPem: string;
}

const DAY_MS = 86_400_000;

function keyPair(): {
  privateKey: forge.pki.rsa.PrivateKey;
  publicKey: forge.pki.rsa.PublicKey;
  privatePem: string;
} {
  // node:crypto generates RSA keys far faster than forge's pure-JS generator
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    privateKey: forge.pki.privateKeyFromPem(privateKey),
    publicKey: forge.pki.publicKeyFromPem(publicKey),
    privatePem: privateKey,
  };
}

function serial(): string {
  return `01${randomBytes(8).toString('hex')}`;
}

/** A fresh CA and a leaf certificate it signed for 127.0.0.1, ::1 and localhost, valid for a year. */
export function generateTls(now = Date.now()): TlsMaterial {
  const caKeys = keyPair();
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = serial();
  ca.validity.notBefore = new Date(now - DAY_MS);
  ca.validity.notAfter = new Date(now + 365 * DAY_MS);
  const caName = [
    { name: 'commonName', value: 'Beacon FCM Emulator CA' },
    { name: 'organizationName', value: 'Beacon' },
  ];
  ca.setSubject(caName);
  ca.setIssuer(caName);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const leafKeys = keyPair();
  const leaf = forge.pki.createCertificate();
  leaf.publicKey = leafKeys.publicKey;
  leaf.serialNumber = serial();
  leaf.validity.notBefore = new Date(now - DAY_MS);
  leaf.validity.notAfter = new Date(now + 365 * DAY_MS);
  leaf.setSubject([{ name: 'commonName', value: '127.0.0.1' }]);
  leaf.setIssuer(caName);
  leaf.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: [
        { type: 2, value: 'localhost' },
        { type: 7, ip: '127.0.0.1' },
        { type: 7, ip: '::1' },
      ],
    },
  ]);
  leaf.sign(caKeys.privateKey, forge.md.sha256.create());

  return {
    caPem: forge.pki.certificateToPem(ca),
    keyPem: leafKeys.privatePem,
    certPem: forge.pki.certificateToPem(leaf),
  };
}
