/**
 * The MCP protocol revisions this package speaks, newest first: the SDK's
 * SUPPORTED_PROTOCOL_VERSIONS at 1.32. One list for both ends — the client
 * offers and accepts these, the embedded server negotiates among them as the
 * SDK's `Server` does. test/client/http-transport.test.ts and
 * test/server/embedded.test.ts fail when the SDK's list moves on.
 * No imports: the server reads it without pulling in the client.
 */
export const SUPPORTED_PROTOCOL_VERSIONS = [
  "2025-11-25",
  "2025-06-18",
  "2025-03-26",
  "2024-11-05",
  "2024-10-07",
] as const;
