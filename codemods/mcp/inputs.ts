/**
 * The tools' shared inputs: files as path + text, the migration decisions,
 * and the checks that hold them to the bounds (limits.ts). Paths are relative
 * and stay inside the folder they name: the tools write texts into a private
 * scratch folder (scratch.ts) or read the server's root folder, never
 * anywhere else.
 */
import { isAbsolute, posix } from "node:path";
import { z } from "zod";
import {
  DECISION_NAMES,
  DECISIONS,
  type DecisionChoices,
  type DecisionName,
  parseDecide,
} from "../migrate/decisions.js";
import {
  MCP_MAX_FILE_BYTES,
  MCP_MAX_FILES,
  MCP_MAX_PATH_LENGTH,
  MCP_MAX_TOTAL_BYTES,
  McpInputError,
} from "./limits.js";

export const fileInput = z.object({
  path: z
    .string()
    .min(1)
    .describe(
      "the file's path relative to the app's root, with / separators (e.g. supabase/functions/get-article/index.ts); its extension picks the parser (.ts, .tsx, .js, .jsx, .mjs, .cjs, .mts, .cts)",
    ),
  text: z.string().describe("the file's whole text, as it is in the repository"),
});
export type FileInput = z.infer<typeof fileInput>;

const decisionShape = Object.fromEntries(
  DECISION_NAMES.map((name) => {
    const values = DECISIONS[name].values.map((v) => v.value) as [string, ...string[]];
    return [
      name,
      z
        .enum(values)
        .optional()
        .describe(`${DECISIONS[name].about} (recommended: ${DECISIONS[name].recommended})`),
    ];
  }),
) as Record<DecisionName, z.ZodOptional<z.ZodEnum>>;

export const decisionsInput = z
  .union([z.literal("recommended"), z.object(decisionShape).strict()])
  .describe(
    "the migration decisions taken: 'recommended' (every decision at its recommended value, as `migrate --decide recommended`), or some of them by name, e.g. { paths: 'uri', listings: 'complete' }. A decision left out is not taken: its sites stay flagged. migrate_plan lists the ones the code needs and what each changes.",
  );
export type DecisionsInput = z.infer<typeof decisionsInput>;

/** The engine's choices for a tool's `decisions` (undefined: none taken). */
export function choicesOf(input: DecisionsInput | undefined): DecisionChoices | undefined {
  if (input === undefined) return undefined;
  if (input === "recommended") return parseDecide("recommended");
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as DecisionChoices;
}

const utf8Bytes = (text: string) => Buffer.byteLength(text, "utf8");

/**
 * A relative path that stays inside its folder, in POSIX form: refused when
 * absolute, when a `..` segment would leave the folder, or when it holds a
 * NUL or a backslash (a Windows path would be read differently elsewhere).
 */
export function checkRelativePath(path: string, field: string): string {
  if (path.length > MCP_MAX_PATH_LENGTH)
    throw new McpInputError(
      `${field}: the path is ${path.length} characters, over MCP_MAX_PATH_LENGTH (${MCP_MAX_PATH_LENGTH}): use the file's path relative to the app's root`,
    );
  if (path.includes("\0") || path.includes("\\"))
    throw new McpInputError(`${field}: '${path}' holds a NUL or a backslash: use / as the separator`);
  if (isAbsolute(path) || posix.isAbsolute(path) || /^[A-Za-z]:/.test(path))
    throw new McpInputError(
      `${field}: '${path}' is absolute: give the path relative to the app's root (or to the server's --root folder)`,
    );
  const normal = posix.normalize(path);
  if (normal === ".." || normal.startsWith("../"))
    throw new McpInputError(
      `${field}: '${path}' leaves the folder it is relative to: paths outside it are refused`,
    );
  return normal;
}

/** Every file within the bounds, each path once, inside its folder. */
export function checkFiles(files: readonly FileInput[]): FileInput[] {
  if (files.length === 0) throw new McpInputError("files: give at least one file (path and text)");
  if (files.length > MCP_MAX_FILES)
    throw new McpInputError(
      `files: ${files.length} files, over MCP_MAX_FILES (${MCP_MAX_FILES}) per call: send the app's folder in parts, each with the files it imports`,
    );
  let total = 0;
  const seen = new Set<string>();
  const checked = files.map((file, i) => {
    const path = checkRelativePath(file.path, `files[${i}].path`);
    if (seen.has(path)) throw new McpInputError(`files[${i}].path: '${path}' is given twice`);
    seen.add(path);
    const bytes = utf8Bytes(file.text);
    if (bytes > MCP_MAX_FILE_BYTES)
      throw new McpInputError(
        `${path}: ${bytes} bytes, over MCP_MAX_FILE_BYTES (${MCP_MAX_FILE_BYTES}) per file (migrate's own per-file limit): a file that large is generated output; migrate it by hand`,
      );
    total += bytes;
    return { path, text: file.text };
  });
  if (total > MCP_MAX_TOTAL_BYTES)
    throw new McpInputError(
      `files: ${total} bytes in all, over MCP_MAX_TOTAL_BYTES (${MCP_MAX_TOTAL_BYTES}) per call: send fewer neighbours (only the files the file imports or that import it)`,
    );
  return checked;
}

/** The file named by `path` is one `migrate` does not read (its extension, a declaration file, a generated folder). */
export function notRead(path: string): McpInputError {
  return new McpInputError(
    `path: '${path}' is not a file migrate reads: give a source file (.ts, .tsx, .mts, .cts, .js, .jsx, .mjs, .cjs; not a .d.ts) outside node_modules, dist, build and the other generated folders`,
  );
}
