/**
 * The one base of every error oddkit-sdk throws on purpose. Catch
 * `OddkitError` (or test with `isOddkitError`) to tell the toolkit's typed
 * failures from bugs; narrow with `instanceof` the subclass or its `name`.
 *
 * Every subclass declares its `name` as a string literal (never
 * `new.target.name`), so names survive minifiers and bundlers that rename
 * classes, and logs and `error.name === "…"` checks stay stable.
 */

/** Marks toolkit errors across copies of the package (two bundles, npm dedupe misses). */
const ODDKIT_ERROR = Symbol.for("oddkit-sdk.error");

/**
 * The base class of every error oddkit-sdk throws on purpose: a typed failure
 * with a message that says what was wrong and how to fix it. Catch it to
 * separate the toolkit's failures from bugs; `isOddkitError` also recognises
 * errors from another copy of the package.
 *
 * @example
 * ```ts
 * import { createOddkitClient, getEssaysIndex, OddkitError } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * try {
 *   const { data } = await getEssaysIndex(client);
 *   console.log(data.length);
 * } catch (error) {
 *   if (!(error instanceof OddkitError)) throw error; // a bug, not a typed failure
 *   console.error(`${error.name}: ${error.message}`);
 * }
 * ```
 */
export class OddkitError extends Error {
  override readonly name: string = "OddkitError";
  /** Brand read by `isOddkitError`; not enumerable so it stays out of logs and JSON. */
  declare readonly [ODDKIT_ERROR]: true;

  constructor(message: string, options?: { readonly cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    Object.defineProperty(this, ODDKIT_ERROR, { value: true, enumerable: false });
  }
}

/**
 * Is `value` an error thrown by oddkit-sdk (any subclass, any copy of the package)?
 *
 * @example
 * ```ts
 * import { createOddkitClient, getEssaysIndex, isOddkitError } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * try {
 *   await getEssaysIndex(client);
 * } catch (error) {
 *   if (isOddkitError(error)) console.error(error.name, error.message);
 *   else throw error; // a bug, not a typed failure
 * }
 * ```
 */
export function isOddkitError(value: unknown): value is OddkitError {
  if (value instanceof OddkitError) return true;
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { [ODDKIT_ERROR]?: unknown })[ODDKIT_ERROR] === true
  );
}
