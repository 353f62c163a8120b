// A module that needs Node: the bundle guard must report both imports.
import { readFileSync } from "node:fs";
// biome-ignore lint/style/useNodejsImportProtocol: the guard must also catch bare built-in names
import { join } from "path";

export const read = (dir: string) => readFileSync(join(dir, "x.md"), "utf8");
