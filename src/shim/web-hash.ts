/**
 * sha256 hex with Web Crypto: the contract's content hash, computed by the
 * shims on edge runtimes (no node:crypto). A 0.28.x server's own hash is a
 * 31-bit string hash, so the shims hash the text themselves instead of
 * passing it through.
 */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
