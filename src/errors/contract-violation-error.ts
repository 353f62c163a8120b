import type { ComplianceViolation } from "../contract/index.js";
import { OddkitCallError, type OddkitErrorOptions } from "./call-error.js";

/** One way a response breaks the contract: a numbered check of the spec, or a schema mismatch. */
export interface ContractViolation {
  /**
   * The contract check (1–11), `"schema"` for a shape mismatch, `"size"` for an answer over
   * maxResponseBytes, `"verification"` when a re-read contradicts a listing (helpers/verify-public.ts).
   */
  readonly check: ComplianceViolation["check"] | "schema" | "size" | "verification";
  readonly reason: string;
  readonly evidence?: unknown;
}

/**
 * The server answered, but its answer breaks the contract; nothing of it is
 * returned. (The request succeeded, the data did not: a family apart from
 * transport failures, as ky keeps `SchemaValidationError` apart.)
 *
 * @example
 * ```ts
 * import { createOddkitClient, OddkitContractViolationError } from "oddkit-sdk";
 *
 * const client = createOddkitClient({ url: "https://host/mcp", consumer: "my-site" });
 * try {
 *   await client.catalog({ exposure: "public", disclosure: ["blockquote"] });
 * } catch (error) {
 *   if (!(error instanceof OddkitContractViolationError)) throw error;
 *   for (const v of error.violations) console.error(`check ${String(v.check)}: ${v.reason}`);
 * }
 * ```
 */
export class OddkitContractViolationError extends OddkitCallError {
  override readonly name = "OddkitContractViolationError";
  readonly violations: readonly ContractViolation[];

  constructor(violations: readonly ContractViolation[], options: OddkitErrorOptions) {
    const first = violations.slice(0, 3).map((v) => `[${String(v.check)}] ${v.reason}`);
    const more = violations.length > 3 ? ` (+${violations.length - 3} more)` : "";
    super(
      `server response to ${options.action} breaks the contract: ${first.join("; ")}${more}. The response was rejected; check the server version or report it to the server's operators.`,
      options,
    );
    this.violations = violations;
  }
}
