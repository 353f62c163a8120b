import { OddkitCallError, type OddkitErrorOptions } from "./call-error.js";

/** Why a paginated walk stopped. */
export type PaginationFailure =
  | "total-changed"
  | "max-entries"
  | "duplicate-entry"
  | "short-page"
  | "restarts";

/**
 * A paginated walk cannot stay exact (no entry is ever duplicated or skipped
 * silently): `reason` says why, `yielded` how far it got.
 *
 * @example
 * ```ts
 * import { createOddkitClient, OddkitPaginationError } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * const uris: string[] = [];
 * try {
 *   for await (const entry of client.paginate("catalog", { audience: "public" }, { maxEntries: 5_000 })) {
 *     uris.push(entry.uri);
 *   }
 * } catch (error) {
 *   if (!(error instanceof OddkitPaginationError)) throw error;
 *   console.error(error.reason, error.yielded); // e.g. "total-changed": the knowledge base changed mid-walk
 * }
 * ```
 */
export class OddkitPaginationError extends OddkitCallError {
  override readonly name = "OddkitPaginationError";
  readonly reason: PaginationFailure;
  /** Offset of the page that revealed the problem. */
  readonly offset: number;
  /** Entries yielded before the walk stopped. */
  readonly yielded: number;

  constructor(
    message: string,
    options: OddkitErrorOptions & {
      readonly reason: PaginationFailure;
      readonly offset: number;
      readonly yielded: number;
    },
  ) {
    super(message, options);
    this.reason = options.reason;
    this.offset = options.offset;
    this.yielded = options.yielded;
  }
}
