/**
 * `@oddkit-sdk/codemod/mcp`: the migration engine as MCP tools (server.ts),
 * served over stdio or Streamable HTTP (transports.ts). `oddkit-sdk mcp` is
 * the command line over these (command.ts).
 */
export {
  MCP_MAX_FILE_BYTES,
  MCP_MAX_FILES,
  MCP_MAX_PATH_LENGTH,
  MCP_MAX_TOTAL_BYTES,
  McpInputError,
} from "./limits.js";
export {
  createMigrationMcpServer,
  MIGRATION_MCP_SERVER_NAME,
  MIGRATION_TOOL_NAMES,
  MIGRATION_TOOLS,
  type MigrationMcpServerOptions,
} from "./server.js";
export type { ExplainSiteResult } from "./tools/explain-site.js";
export type { MigrateCheckResult } from "./tools/migrate-check.js";
export type { MigrateFileResult } from "./tools/migrate-file.js";
export type { MigratePlanResult } from "./tools/migrate-plan.js";
export { MCP_HTTP_HOST, type StdioSession, serveHttp, serveStdio } from "./transports.js";
