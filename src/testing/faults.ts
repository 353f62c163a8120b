/**
 * Faults a test can inject into an otherwise compliant oddkit server: each
 * one reproduces a way a real server (or a proxy in front of it) can break
 * the contract or the transport, so users can check that their code fails
 * closed. Every fault targets `tools/call` requests only (the MCP handshake
 * always succeeds), optionally only some actions and only the first N calls.
 */

import { DEFAULT_MAX_RESPONSE_BYTES } from "../client/index.js";
import { ACTIONS, type Action, KINDS, MANY_ACTIONS } from "../contract/index.js";

/** One `tools/call` as the handlers saw it. */
export interface ToolCall {
  /** The MCP tool (`oddkit_catalog`, or `oddkit` with an `action` argument). */
  readonly tool: string;
  /** The retrieval action, when the call is one (null for other tools). */
  readonly action: Action | null;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** Names of the faults applied to this call. */
  readonly faults: string[];
}

export interface FaultTarget {
  /** Only calls of these actions (default: the fault's own default, usually every retrieval action). */
  readonly actions?: Action | readonly Action[];
  /** Only the first N matching calls (default: every matching call). */
  readonly times?: number;
}

interface FaultBase {
  /** Name shown in `ToolCall.faults` and in test output. */
  readonly name: string;
  readonly actions: readonly Action[];
  readonly times: number;
}

/** Answers the HTTP request itself (status, headers) instead of the server. */
export interface HttpFault extends FaultBase {
  readonly kind: "http";
  respond(call: ToolCall): Response;
}

/** Rewrites the text content of the tool result the server produced. */
export interface ResultFault extends FaultBase {
  readonly kind: "result";
  transform(text: string, call: ToolCall): string;
}

export type Fault = HttpFault | ResultFault;

type Json = Record<string, unknown>;

function target(given: FaultTarget | undefined, defaults: readonly Action[] = ACTIONS) {
  const actions = given?.actions === undefined ? defaults : ([] as Action[]).concat(given.actions);
  const times = given?.times ?? Number.POSITIVE_INFINITY;
  if (!(times > 0))
    throw new TypeError(`fault target: times must be a positive number, got ${String(times)}`);
  return { actions, times };
}

/** Parse the envelope, edit its `result`, serialize it back (pretty, as the server does). */
function editResult(name: string, edit: (result: Json, call: ToolCall) => void) {
  return (text: string, call: ToolCall): string => {
    const envelope = JSON.parse(text) as Json;
    const result = envelope.result;
    if (typeof result !== "object" || result === null) {
      throw new Error(`fault ${name}: the server's envelope has no result object to edit`);
    }
    edit(result as Json, call);
    return JSON.stringify(envelope, null, 2);
  };
}

function entriesOf(result: Json): Json[] {
  const data = result.data;
  if (Array.isArray(data)) return data as Json[];
  return typeof data === "object" && data !== null ? [data as Json] : [];
}

function resultFault(
  name: string,
  given: FaultTarget | undefined,
  transform: ResultFault["transform"],
  defaults?: readonly Action[],
): ResultFault {
  return { kind: "result", name, ...target(given, defaults), transform };
}

export const faults = {
  /** The tool result text is not JSON (an HTML error page passed through by a proxy). */
  notJson(options?: FaultTarget & { text?: string }): ResultFault {
    const text = options?.text ?? "<!doctype html><title>502 Bad Gateway</title><h1>Bad Gateway</h1>";
    return resultFault("notJson", options, () => text);
  },

  /** Valid JSON padded past `bytes` (default: the client's default maxResponseBytes + 1 KiB). */
  oversized(options?: FaultTarget & { bytes?: number }): ResultFault {
    const bytes = options?.bytes ?? DEFAULT_MAX_RESPONSE_BYTES + 1024;
    return resultFault("oversized", options, (text) => {
      const envelope = JSON.parse(text) as Json;
      envelope.assistant_text = `${String(envelope.assistant_text ?? "")}${" ".repeat(Math.max(0, bytes - text.length))}`;
      return JSON.stringify(envelope, null, 2);
    });
  },

  /** Every entry carries a field nobody asked for (check 1). */
  extraField(options?: FaultTarget & { field?: string; value?: unknown }): ResultFault {
    const field = options?.field ?? "internal_notes";
    const value = options?.value ?? "not for publication";
    return resultFault(
      "extraField",
      options,
      editResult("extraField", (result) => {
        for (const entry of entriesOf(result)) entry[field] = value;
      }),
    );
  },

  /** Every entry of a listing carries the whole body (check 5). Default: catalog only. */
  bodyOnCatalog(options?: FaultTarget): ResultFault {
    return resultFault(
      "bodyOnCatalog",
      options,
      editResult("bodyOnCatalog", (result) => {
        for (const entry of entriesOf(result)) entry.body = `# ${String(entry.title)}\n\nThe whole document.`;
      }),
      ["catalog"],
    );
  },

  /** Entries lose a floor field (`title` by default, or `uri`). */
  missingFloor(options?: FaultTarget & { field?: "uri" | "title" }): ResultFault {
    const field = options?.field ?? "title";
    return resultFault(
      "missingFloor",
      options,
      editResult("missingFloor", (result) => {
        for (const entry of entriesOf(result)) delete entry[field];
      }),
    );
  },

  /**
   * The echo differs from the request: `disclosure` drops or adds a flag in
   * `disclosure_applied`; `filters` (default) echoes every kind and no other
   * filter, as a server that ignores `audience`/`exposure` would.
   */
  wrongEcho(options?: FaultTarget & { echo?: "filters" | "disclosure" }): ResultFault {
    const echo = options?.echo ?? "filters";
    return resultFault(
      "wrongEcho",
      options,
      editResult("wrongEcho", (result) => {
        if (echo === "filters") {
          result.filters_applied = { include: [...KINDS] };
        } else {
          const applied = (result.disclosure_applied as string[] | undefined) ?? [];
          result.disclosure_applied = applied.length ? applied.slice(0, -1) : ["blockquote"];
        }
      }),
      echo === "filters" ? MANY_ACTIONS : ACTIONS,
    );
  },

  /** `total` below the number of entries returned (check 3). Pages with no entries are left alone. */
  shortTotal(options?: FaultTarget): ResultFault {
    return resultFault(
      "shortTotal",
      options,
      editResult("shortTotal", (result) => {
        const count = entriesOf(result).length;
        if (count > 0) result.total = count - 1;
      }),
      MANY_ACTIONS,
    );
  },

  /** The HTTP request fails with `status` (default 503). */
  httpStatus(
    status = 503,
    options?: FaultTarget & { body?: string; headers?: Record<string, string> },
  ): HttpFault {
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new TypeError(`faults.httpStatus: status must be an HTTP error status (400-599), got ${status}`);
    }
    return {
      kind: "http",
      name: `httpStatus(${status})`,
      ...target(options),
      respond: () =>
        new Response(options?.body ?? `fault injected: HTTP ${status}`, {
          status,
          headers: { "Content-Type": "text/plain", ...options?.headers },
        }),
    };
  },

  /** Rate limited: `status` (default 429) with `Retry-After: seconds`, for the first call only unless `times` says otherwise. */
  retryAfter(seconds = 1, options?: FaultTarget & { status?: 429 | 503 }): HttpFault {
    const status = options?.status ?? 429;
    return {
      kind: "http",
      name: `retryAfter(${seconds})`,
      ...target({ times: 1, ...options }),
      respond: () =>
        new Response(`fault injected: HTTP ${status}, retry after ${seconds}s`, {
          status,
          headers: { "Content-Type": "text/plain", "Retry-After": String(seconds) },
        }),
    };
  },

  /** Your own rewrite of the tool result text. */
  custom(
    name: string,
    transform: (text: string, call: ToolCall) => string,
    options?: FaultTarget,
  ): ResultFault {
    return resultFault(name, options, transform);
  },
};
