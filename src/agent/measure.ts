/**
 * Token measurement for the agent entry: cl100k (gpt-tokenizer, loaded
 * lazily on first use by ../tokens.ts). The only place the agent entry
 * reaches the tokenizer, so packaging can make it opt-in in one spot.
 */
import { countTokens } from "../tokens.js";

/** cl100k tokens of a text. */
export function measureTokens(text: string): Promise<number> {
  return countTokens(text);
}
