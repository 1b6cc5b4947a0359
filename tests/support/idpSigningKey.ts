import type { Db } from '../../server/db/client.ts';
import { loadEmbeddedIdpSecrets } from '../../server/idp/secrets.ts';

/**
 * The embedded provider's own signing key, so a test can sign a token the server must judge on its claims alone
 * (expired, wrong audience, lifetime): the signature is genuine.
 */
export async function embeddedSigningKey(db: Db): Promise<CryptoKey> {
  const secrets = await loadEmbeddedIdpSecrets(db);
  return crypto.subtle.importKey('jwk', secrets.signingKeys[0]! as JsonWebKey, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, [
    'sign',
  ]);
}
