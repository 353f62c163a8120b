/**
 * Bounds of the migration MCP tools (docs/codemods.md, "The migration engine
 * as MCP tools"). An agent sends file texts in a JSON-RPC message; the engine
 * loads them into one type-checked project, so the bounds keep one call's
 * memory and time to what a real app's files need (the largest real-world
 * corpus app is 7 files of under 4 KiB each). Over a bound, the tool answers
 * with a `McpInputError` naming the bound and how to stay under it.
 */
import { OddkitError } from "oddkit-sdk";
import { MIGRATE_MAX_FILE_BYTES } from "../migrate/limits.js";

/** Bytes (UTF-8) of one file's text: the same per-file limit `migrate` reads under. */
export const MCP_MAX_FILE_BYTES = MIGRATE_MAX_FILE_BYTES;
/** Files in one call (the file under migration and its neighbours together). */
export const MCP_MAX_FILES = 200;
/** Bytes (UTF-8) of every text in one call together; under the HTTP front's 4 MiB request body. */
export const MCP_MAX_TOTAL_BYTES = 3 * 1024 * 1024;
/** Characters of a relative path. */
export const MCP_MAX_PATH_LENGTH = 512;

/** A tool input the tools refuse: over a bound, a path outside the folder, a folder without a root. */
export class McpInputError extends OddkitError {
  override readonly name = "McpInputError";
}
