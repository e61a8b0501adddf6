/**
 * Client-side password hashing (spec §5): when the public setting `clientPasswordHashing` is on, the
 * web app sends SHA-256("stagepass:" + password) as hex instead of the password. The server always
 * stores argon2id(prehash(password)) — hashing plain passwords itself — so accounts keep working
 * when the operator flips the flag either way.
 */
export const PREHASH_PATTERN = /^[0-9a-f]{64}$/;

export async function prehashPassword(password: string): Promise<string> {
  const bytes = new TextEncoder().encode(`stagepass:${password}`);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
