/** Transform names, in a module of their own so that the registry can name a transform without loading it. */
export const RESPONSE_TYPES = "response-types";

/**
 * The transforms that touch calls only, never reads, in registry order: what
 * a file goes back to when a call in it cannot be migrated with all its reads
 * (the engine's fallback text).
 */
export const CALL_ONLY_TRANSFORMS: readonly string[] = ["umbrella-to-action-tools", "tool-parameters"];
