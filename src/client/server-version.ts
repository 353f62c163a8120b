/** Reading `oddkit_version`'s answer into a ServerVersion. */
import type { ServerVersion } from "./types.js";

type Json = Record<string, unknown>;

/**
 * `oddkit_version`'s answer. A server that reports no revision gives
 * knowledge_base_revision null (plain-TTL caching); one that names no version
 * gives server_version "unknown".
 */
export function parseVersion(envelope: Json): ServerVersion {
  const result =
    typeof envelope.result === "object" && envelope.result !== null ? (envelope.result as Json) : envelope;
  const pick = (key: string): unknown => result[key] ?? envelope[key];
  // `server_version` (contract servers), `oddkit_version` (legacy), or a bare `version`.
  const version = pick("server_version") ?? pick("oddkit_version") ?? pick("version");
  const revision = pick("knowledge_base_revision");
  return {
    server_version: typeof version === "string" ? version : "unknown",
    knowledge_base_revision: typeof revision === "string" && revision !== "" ? revision : null,
  };
}
