/**
 * Where a tool's engine run reads from: the texts an agent sent, written into
 * a private scratch folder that is removed after the run (the engine reads
 * files, as `migrate` does: it is the same run), or a folder under the
 * server's root, read in place and never written (every run is dry or a
 * check). A folder outside the root, or any folder when the server has no
 * root, is refused.
 */
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { checkFiles, checkRelativePath, type FileInput } from "./inputs.js";
import { McpInputError } from "./limits.js";

/** A folder the engine runs over: `paths` (absolute) shown relative to `cwd`. */
export interface EngineTarget {
  readonly cwd: string;
  readonly paths: readonly string[];
}

/** Runs `use` over the files written into a fresh scratch folder (mode 0700), removed afterwards. */
export async function withScratchFiles<T>(
  files: readonly FileInput[],
  use: (target: EngineTarget) => Promise<T>,
): Promise<T> {
  const checked = checkFiles(files);
  const dir = await realpath(await mkdtemp(join(tmpdir(), "oddkit-mcp-")));
  try {
    for (const file of checked) {
      const path = join(dir, file.path);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, file.text, { flag: "wx" });
    }
    return await use({ cwd: dir, paths: [dir] });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** `folder` under `root`, checked to stay inside it once links are resolved. */
export async function folderTarget(root: string | undefined, folder: string): Promise<EngineTarget> {
  if (root === undefined)
    throw new McpInputError(
      "folder: this server was started without --root, so it reads no folder: send the files' texts in `files` instead (or start it with `oddkit-sdk mcp --root <dir>`)",
    );
  const relative = checkRelativePath(folder, "folder");
  const realRoot = await realpath(root);
  const real = await realpath(join(realRoot, relative)).catch(() => null);
  if (real === null) throw new McpInputError(`folder: '${folder}' does not exist under the server's root`);
  if (real !== realRoot && !real.startsWith(realRoot + sep))
    throw new McpInputError(
      `folder: '${folder}' resolves outside the server's root (a link leads out of it): paths outside the root are refused`,
    );
  return { cwd: realRoot, paths: [real] };
}

/** Exactly one of `files` and `folder`. */
export async function withTarget<T>(
  input: { readonly files?: readonly FileInput[] | undefined; readonly folder?: string | undefined },
  root: string | undefined,
  use: (target: EngineTarget) => Promise<T>,
): Promise<T> {
  if ((input.files === undefined) === (input.folder === undefined))
    throw new McpInputError(
      "give either `files` (paths and texts) or `folder` (a folder under the server's --root), not both or neither",
    );
  if (input.folder !== undefined) return use(await folderTarget(root, input.folder));
  return withScratchFiles(input.files ?? [], use);
}
