/**
 * The MCP-facing answers of the reference server that do not need the MCP
 * SDK: the `tools/list` listing, the `tools/call` params check and the
 * server's instructions. Shared by the SDK-bound server (mcp.ts) and the
 * direct in-process path (embedded.ts), so both answer alike.
 */
import type { ToolDefinition } from "./tools.js";

export const SERVER_INSTRUCTIONS =
  "oddkit reference server (oddkit-sdk): retrieval over a folder of markdown. Use the oddkit_* tools or the unified oddkit tool with action.";

/** The `tools/list` result's tools. */
export function listedTools(tools: readonly ToolDefinition[]) {
  return tools.map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: t.inputSchema,
    ...(t.outputSchema ? { outputSchema: t.outputSchema } : {}),
    annotations: t.annotations,
  }));
}

/**
 * `tools/call` params checked by hand: name a string, arguments absent or an
 * object. A malformed call gets `refused`: the message both transports answer
 * with JSON-RPC -32602 (InvalidParams).
 */
export function callParams(
  params: unknown,
  listTools: () => readonly ToolDefinition[],
): { readonly name: string; readonly args: Record<string, unknown> } | { readonly refused: string } {
  // Listed only in a refusal: a well-formed call needs no tool list (built on first use, setup.ts).
  const names = () =>
    listTools()
      .map((t) => t.name)
      .join(", ");
  if (typeof params !== "object" || params === null || Array.isArray(params)) {
    return { refused: `tools/call params must be an object { name, arguments }; name one of: ${names()}` };
  }
  const { name, arguments: args } = params as { name?: unknown; arguments?: unknown };
  if (typeof name !== "string" || name.length === 0) {
    return {
      refused: `tools/call params.name must be a tool name string (got ${name === undefined ? "nothing" : typeof name}); one of: ${names()}`,
    };
  }
  if (args !== undefined && (typeof args !== "object" || args === null || Array.isArray(args))) {
    return {
      refused: `tools/call params.arguments must be an object of tool parameters (got ${Array.isArray(args) ? "an array" : args === null ? "null" : typeof args})`,
    };
  }
  return { name, args: (args ?? {}) as Record<string, unknown> };
}
