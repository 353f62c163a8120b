/**
 * The package version, sent as the MCP `clientInfo.version`. Kept as a
 * constant (not read from package.json) so the client entry needs no JSON
 * import or file access on edge runtimes; a test asserts it matches package.json.
 */
export const CLIENT_VERSION = "0.1.0";
