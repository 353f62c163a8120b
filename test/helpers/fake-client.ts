/**
 * A hand-written OddkitClient for helper tests: it records every call and
 * answers with results shaped by the contract core (validated requests,
 * projected entries), so a helper that sends the wrong request fails here
 * exactly as it would against a server.
 */

import { toWireParams } from "../../src/client/params.js";
import type { CallOptions, OddkitClient, PaginateOptions, ResultMeta } from "../../src/client/types.js";
import {
  type Action,
  buildManyResult,
  isManyAction,
  projectEntry,
  validateRequest,
} from "../../src/contract/index.js";

export interface RecordedCall {
  readonly method: Action | "paginate";
  readonly action: Action;
  readonly params: Record<string, unknown>;
  readonly options?: PaginateOptions | CallOptions;
}

const META: ResultMeta = {
  bytes: 0,
  tokens: null,
  cached: false,
  revalidated: false,
  durationMs: 0,
  emulated: false,
};

/** The wire parameters the real client would send (friendly input name → `input`). */
function wireParams(action: Action, params: Record<string, unknown>): Record<string, unknown> {
  const mapped = toWireParams(action, params);
  if (!mapped.ok) throw new Error(`fake client: ${mapped.error.error_message}`);
  return mapped.wire;
}

function fullEntry(i: number): Record<string, unknown> {
  return {
    uri: `klappy://docs/doc-${i}`,
    title: `Doc ${i}`,
    blockquote: `About doc ${i}`,
    metadata: { title: `Doc ${i}` },
    summary: null,
    body: `# Doc ${i}`,
    score: 1 / (i + 1),
    snippet: `match ${i}`,
    position: i + 1,
    role: "relevant",
    content_hash: `hash-${i}`,
    supersession_chain: [],
  };
}

/** A fake client over `size` documents; every call is checked by the contract core first. */
export function createFakeClient(size = 3): OddkitClient & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const answer = async (action: Action, params: Record<string, unknown>, options?: CallOptions) => {
    calls.push({ method: action, action, params, ...(options ? { options } : {}) });
    const checked = validateRequest(action, wireParams(action, params));
    if (!checked.ok) throw new Error(`fake client: ${checked.error.error_message}`);
    const { request } = checked;
    if (!isManyAction(action)) {
      return {
        status: "FOUND",
        data: projectEntry(action, request.disclosure, fullEntry(0)),
        disclosure_applied: request.disclosure,
        meta: META,
      };
    }
    const data = [];
    for (let i = request.offset; i < Math.min(size, request.offset + request.limit); i++) {
      data.push(projectEntry(action, request.disclosure, fullEntry(i)));
    }
    return { ...buildManyResult(request, data, size), meta: META };
  };
  const client = {
    calls,
    search: (p: Record<string, unknown>, o?: CallOptions) => answer("search", p, o),
    catalog: (p: Record<string, unknown> = {}, o?: CallOptions) => answer("catalog", p, o),
    preflight: (p: Record<string, unknown>, o?: CallOptions) => answer("preflight", p, o),
    get: (p: Record<string, unknown>, o?: CallOptions) => answer("get", p, o),
    resolve: (p: Record<string, unknown>, o?: CallOptions) => answer("resolve", p, o),
    async *paginate(action: Action, params: Record<string, unknown>, options?: PaginateOptions) {
      calls.push({ method: "paginate", action, params, ...(options ? { options } : {}) });
      const cap = validateRequest(action, wireParams(action, params));
      if (!cap.ok) throw new Error(`fake client: ${cap.error.error_message}`);
      for (let offset = 0; offset < size; offset += cap.request.cap.max) {
        const page = (await answer(action, { ...params, limit: cap.request.cap.max, offset })) as {
          data: unknown[];
        };
        yield* page.data;
      }
    },
    version: async () => ({ server_version: "0.0.0-fake", knowledge_base_revision: null }),
    callTool: async () => ({ envelope: {}, isError: false, meta: META }),
    serverInfo: async () => ({ name: "fake", version: "0.0.0" }),
    close: async () => {},
  };
  return client as unknown as OddkitClient & { calls: RecordedCall[] };
}
