/** Which files `migrate` looks at: source files under the given paths, minus build output and dependencies. */
import { stat } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";
import { glob } from "tinyglobby";
import { SOURCE_EXTENSIONS } from "./parser.js";

export const IGNORED_DIRECTORIES = ["node_modules", "dist", "build", ".git"] as const;

const IGNORE = IGNORED_DIRECTORIES.map((d) => `**/${d}/**`);

export async function findSourceFiles(paths: readonly string[], cwd: string): Promise<string[]> {
  const found = new Set<string>();
  for (const given of paths.length > 0 ? paths : ["."]) {
    const absolute = isAbsolute(given) ? given : resolve(cwd, given);
    const info = await stat(absolute).catch(() => null);
    if (info === null) throw new Error(`migrate: no such file or directory: ${given}`);
    if (info.isFile()) {
      found.add(absolute);
      continue;
    }
    const matches = await glob(`**/*.{${SOURCE_EXTENSIONS.join(",")}}`, {
      cwd: absolute,
      absolute: true,
      ignore: [...IGNORE, "**/*.d.ts", "**/*.d.mts", "**/*.d.cts"],
      dot: false,
    });
    for (const file of matches) found.add(file);
  }
  return [...found].sort();
}

export function displayPath(file: string, cwd: string): string {
  const rel = relative(cwd, file);
  return rel.startsWith("..") ? file : rel;
}
