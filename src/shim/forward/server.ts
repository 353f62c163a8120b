/**
 * The forward shim as an MCP endpoint: migrated code that talks to oddkit
 * over HTTP (raw JSON-RPC or any MCP client) points its URL here while the
 * real server is still pre-contract, and keeps running unchanged. Retrieval
 * tools are answered by the ForwardShim from legacy calls upstream; every
 * other tool (`oddkit_version`, governance tools) passes through untouched.
 */
import { ACTIONS, inputJsonSchema, toolNameFor } from "../../contract/index.js";
import type { FetchHandler } from "../../server/http.js";
import { DEFAULT_CONTRACT_VERSION } from "../era.js";
import { isRetrievalCall } from "../proxy-cache.js";
import { createToolEndpoint } from "../tool-endpoint.js";
import { ForwardShim, type ForwardShimOptions } from "./emulate.js";
import type { ToolCaller } from "./legacy-caller.js";

export interface ForwardShimServerOptions extends ForwardShimOptions {
  /** MCP server name (default "oddkit"). */
  readonly name?: string;
  /** Reported as serverInfo.version (default "0.30.0": the contract's landing version, which this endpoint speaks). */
  readonly version?: string;
  readonly jsonResponse?: boolean;
}

/** The contract tools with the contract core's input schemas (declared `disclosure` defaults). */
export function contractToolList() {
  return ACTIONS.map((action) => ({
    name: toolNameFor(action),
    description: `Contract ${action} (computed from a pre-contract server by the oddkit-sdk forward shim).`,
    inputSchema: inputJsonSchema(action) as { type: "object"; [k: string]: unknown },
  }));
}

export function createForwardShimServer(
  upstream: ToolCaller,
  options: ForwardShimServerOptions = {},
): FetchHandler {
  const forward = new ForwardShim(upstream, options);
  const name = options.name ?? "oddkit";
  const version = options.version ?? DEFAULT_CONTRACT_VERSION;
  return createToolEndpoint(
    { name, version, tools: contractToolList(), jsonResponse: options.jsonResponse },
    async (tool, args) => {
      if (isRetrievalCall(tool, args)) return forward.callTool(tool, args);
      // Not retrieval: the upstream's own answer, untouched.
      const answer = await upstream(tool, args);
      return { text: JSON.stringify(answer.envelope, null, 2), isError: answer.isError };
    },
  );
}
