import { OddkitError } from "./oddkit-error.js";

/**
 * Thrown before any request when a named helper is called with a parameter its
 * use case fixes (the query, URI or path prefix, a paginated row's
 * `limit`/`offset`), with overrides that remove a public row's public filter,
 * or with a disclosure flag the action does not permit. `param` names the
 * parameter; the message says what to call instead.
 *
 * @example
 * ```ts
 * import { createOddkitClient, getEssaysIndex, HelperArgumentError } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * try {
 *   // Overriding the public filter of a public listing is refused, nothing is sent:
 *   await getEssaysIndex(client, { audience: "operators", exposure: "internal" });
 * } catch (error) {
 *   if (!(error instanceof HelperArgumentError)) throw error;
 *   console.error(error.functionName, error.param); // getEssaysIndex exposure
 * }
 * ```
 */
export class HelperArgumentError extends OddkitError {
  override readonly name = "HelperArgumentError";
  constructor(
    readonly functionName: string,
    readonly param: string,
    message: string,
  ) {
    super(`${functionName}: ${message}`);
  }
}
