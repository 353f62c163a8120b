/**
 * `oddkit-sdk/tokens`: opt-in token accounting with the cl100k_base encoding
 * (the unit of the server's production telemetry). The client never imports
 * this module, so bundlers never see the tokenizer unless the application
 * does:
 *
 *   import { cl100kTokens } from "oddkit-sdk/tokens";
 *   const client = createOddkitClient({ url, countTokens: cl100kTokens });
 *
 * The tokenizer (`gpt-tokenizer`, ~1 MB of tables) is an optional peer
 * dependency, loaded once, on the first count.
 */

import { TokenizerMissingError } from "./errors/tokenizer-missing-error.js";

export { TokenizerMissingError };

/** A token counter the client accepts as `countTokens`. */
export type TokenCounter = (text: string) => number | Promise<number>;

type Encoder = (text: string) => number;

let loading: Promise<Encoder> | null = null;

async function loadEncoder(): Promise<Encoder> {
  try {
    const mod = await import("gpt-tokenizer/encoding/cl100k_base");
    return (text: string) => mod.countTokens(text);
  } catch (error) {
    loading = null;
    const code = (error as { code?: unknown }).code;
    if (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND")
      throw new TokenizerMissingError(error);
    throw error;
  }
}

/**
 * Count cl100k tokens of a text (the tokenizer loads on the first call).
 *
 * @example
 * import { createOddkitClient } from "oddkit-sdk";
 * import { cl100kTokens } from "oddkit-sdk/tokens";
 * const client = createOddkitClient({ url: "https://host/mcp", countTokens: cl100kTokens });
 */
export async function cl100kTokens(text: string): Promise<number> {
  loading ??= loadEncoder();
  return (await loading)(text);
}

/** Same as {@link cl100kTokens} (the name the cost tools use). */
export const countTokens: (text: string) => Promise<number> = cl100kTokens;
