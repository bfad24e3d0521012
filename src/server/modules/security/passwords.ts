import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id: the package exports it as a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

/** OWASP's minimum argon2id settings: 19 MiB, 2 iterations, 1 lane (about 20 ms a hash here). */
const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashSecret(secret: string): Promise<string> {
  return hash(secret, ARGON2_OPTIONS);
}

export async function verifySecret(storedHash: string, secret: string): Promise<boolean> {
  try {
    return await verify(storedHash, secret);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real check, so an unknown e-mail answers no faster than a wrong password
 * and response times reveal nothing about which accounts exist.
 */
export async function verifyAgainstDecoy(secret: string): Promise<false> {
  decoyHash ??= hashSecret('decoy-password-for-timing');
  await verifySecret(await decoyHash, secret);
  return false;
}
