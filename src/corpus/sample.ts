/**
 * Where the bundled sample corpus lives: `corpus/sample/` at the package root,
 * found by walking up from this module to the directory whose package.json is
 * this package's (works from `src/` under tsx/vitest and from `dist/src/`).
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "oddkit-sdk";

let cached: string | null = null;

/** The installed package's root directory (the one holding its package.json). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        const name = (JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name;
        if (name === PACKAGE_NAME) return dir;
      } catch {
        // an unreadable package.json on the way up is not ours; keep walking
      }
    }
    const parent = dirname(dir);
    if (parent === dir) {
      throw new Error(
        `cannot find the ${PACKAGE_NAME} package root above ${fileURLToPath(import.meta.url)}; is the package installed intact?`,
      );
    }
    dir = parent;
  }
}

/** The package's version, from its package.json (what `oddkit-sdk --version` prints). */
export function packageVersion(): string {
  const version = (
    JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version?: unknown }
  ).version;
  if (typeof version !== "string") throw new Error(`${PACKAGE_NAME}'s package.json has no version`);
  return version;
}

/** Absolute path of the bundled sample corpus (`corpus/sample/`). */
export function sampleCorpusDir(): string {
  cached ??= join(packageRoot(), "corpus", "sample");
  return cached;
}
