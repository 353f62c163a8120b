/**
 * After the network, fail closed: a tool result becomes either a result the
 * contract vouches for, or a typed error. Nothing malformed is returned and
 * nothing crashes. The rules are the contract core's (`resultSchema` for the
 * shape, `checkCompliance` for the 11 checks); this module only wires them up.
 */
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { byteLength } from "../bytes.js";
import { checkCompliance, fastAccept, type ResolvedRequest, resultSchema } from "../contract/index.js";
import {
  type ContractViolation,
  OddkitContractViolationError,
  type OddkitErrorOptions,
  OddkitNotFoundError,
  OddkitRequestError,
} from "../errors/index.js";
import { fitsIn, withLazyBytes } from "./lazy-bytes.js";

type Json = Record<string, unknown>;

/** The tool result's text, measured and parsed. */
export interface ReadResult {
  readonly text: string;
  /** UTF-8 bytes of `text`, counted on first read (lazy-bytes.ts). */
  readonly bytes: number;
  readonly envelope: Json;
  readonly isError: boolean;
}

function isObj(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Read the one text item of a tool result: refuse non-text, oversized and
 * non-JSON answers. `errorOptions` describes the call for the error raised.
 */
export function readToolResult(
  raw: CallToolResult,
  maxResponseBytes: number,
  errorOptions: OddkitErrorOptions,
  { requireResult = true }: { readonly requireResult?: boolean } = {},
): ReadResult {
  const fail = (violation: ContractViolation, response?: OddkitErrorOptions["response"]): never => {
    throw new OddkitContractViolationError([violation], { ...errorOptions, response });
  };
  const item = Array.isArray(raw.content) ? raw.content[0] : undefined;
  if (item?.type !== "text" || typeof item.text !== "string") {
    return fail({
      check: "schema",
      reason: "the tool result has no text content item",
      evidence: raw.content,
    });
  }
  const text = item.text;
  if (!fitsIn(text, maxResponseBytes)) {
    // Not parsed: an oversized answer is refused whole (raise maxResponseBytes to accept it).
    const bytes = byteLength(text);
    return fail(
      {
        check: "size",
        reason: `the response is ${bytes} bytes, over maxResponseBytes ${maxResponseBytes}; narrow the request (fewer flags, a smaller limit) or raise maxResponseBytes`,
      },
      { text },
    );
  }
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    return fail(
      { check: "schema", reason: `the tool result text is not JSON: ${JSON.stringify(text.slice(0, 120))}` },
      { text },
    );
  }
  if (!isObj(envelope) || (requireResult && !isObj(envelope.result))) {
    return fail(
      {
        check: "schema",
        reason: requireResult
          ? "the JSON is not an envelope with a `result` object"
          : "the JSON is not an object",
      },
      { text, envelope },
    );
  }
  return withLazyBytes({ text, envelope, isError: raw.isError === true }, text);
}

/** Turn an error envelope (status ERROR / NOT_FOUND, or isError) into its typed error; no-op for a success. */
export function throwIfErrorEnvelope(read: ReadResult, errorOptions: OddkitErrorOptions): void {
  const result = read.envelope.result as Json;
  const status = result.status;
  const isErrorStatus = status === "ERROR" || status === "NOT_FOUND";
  if (!read.isError && !isErrorStatus) return;
  const options = { ...errorOptions, response: { text: read.text, envelope: read.envelope } };
  if (status === "NOT_FOUND" || result.error_code === "NOT_FOUND") {
    throw new OddkitNotFoundError(result, options);
  }
  if (typeof result.error_code === "string") {
    throw new OddkitRequestError(result, { ...options, sent: true });
  }
  // An error flag or status without an error code: the refusal itself breaks the contract.
  throw new OddkitContractViolationError(
    [
      {
        check: "schema",
        reason: `the server signalled an error (isError ${String(read.isError)}, status ${JSON.stringify(status)}) without an error_code envelope`,
        evidence: result,
      },
    ],
    options,
  );
}

/**
 * Every way a successful result breaks the contract for this request: the
 * strict result schema (types, unrequested fields, missing floor) and the
 * compliance checks (echoes, body on listings, totals, native fields).
 */
export function contractViolations(
  request: ResolvedRequest,
  wire: Json,
  envelope: Json,
): ContractViolation[] {
  const out: ContractViolation[] = [];
  const schema = resultSchema(request.action, request.disclosure, {
    legacyEnvelope: request.legacyEnvelope,
  });
  // The accept-path compiled from the same schema answers a passing result without zod's copy of
  // it; zod runs only when that path does not accept, and then it decides and writes the messages.
  let passed = fastAccept(schema)(envelope.result);
  if (!passed) {
    const parsed = schema.safeParse(envelope.result);
    passed = parsed.success;
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        out.push({ check: "schema", reason: `result.${issue.path.join(".")}: ${issue.message}` });
      }
    }
  }
  // The request is resolved already, and entries the result schema passed need no second parse.
  const violations = checkCompliance({ action: request.action, params: wire, resolved: request }, envelope, {
    resultSchemaPassed: passed,
  });
  for (const v of violations) out.push(v);
  return out;
}

/** Validate a successful result; throws OddkitContractViolationError listing every violation. */
export function assertCompliant(
  request: ResolvedRequest,
  wire: Json,
  read: ReadResult,
  errorOptions: OddkitErrorOptions,
): void {
  const violations = contractViolations(request, wire, read.envelope);
  if (violations.length > 0) {
    throw new OddkitContractViolationError(violations, {
      ...errorOptions,
      response: { text: read.text, envelope: read.envelope },
    });
  }
}

/**
 * The whole fail-closed path of a retrieval answer: read the one text item
 * (size, JSON), turn an error envelope into its typed error, then check the
 * result against the contract for this request.
 */
export function validateToolResult(
  raw: CallToolResult,
  request: ResolvedRequest,
  wire: Json,
  maxResponseBytes: number,
  errorOptions: OddkitErrorOptions,
): ReadResult {
  const read = readToolResult(raw, maxResponseBytes, errorOptions);
  throwIfErrorEnvelope(read, errorOptions);
  assertCompliant(request, wire, read, errorOptions);
  return read;
}
