/**
 * Password hashing behind one seam (ARCHITECTURE "Portable core"): argon2id through
 * `Bun.password` (issue 2 §3). Hashes are PHC strings that carry their own parameters, so the
 * cost can be raised later without invalidating stored hashes.
 */
export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id" });
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(password, hash);
  } catch {
    // A malformed stored hash must not become a 500 at login: it simply does not match.
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * Does the same hashing work as a real check when there is no hash to check against (unknown
 * email, or an account created through a provider), so login timing doesn't reveal which
 * emails have accounts. Always false.
 */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  await verifyPassword(password, await decoyHash);
  return false;
}
