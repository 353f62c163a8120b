/**
 * Identities of an evidence packet: SHA-256 over canonical JSON (object keys
 * sorted at every depth, the client's one canonical form). They are
 * checksums, not signatures: they show that a packet's parts still belong
 * together (a changed query, a swapped reference or an edited hash no longer
 * matches), not who made it. Anyone can recompute them; authority comes from
 * the caller's own scope and the live recheck in `admit`.
 *
 * Web Crypto (`crypto.subtle`), so this runs on Node 20+, Deno, Workers and
 * browsers alike.
 */
import { canonicalJson } from "../../client/cache/key.js";

const utf8 = new TextEncoder();

/** Lower-case hex SHA-256 of the canonical JSON of `value`. */
export async function sha256Canonical(value: unknown): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", utf8.encode(canonicalJson(value)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}
