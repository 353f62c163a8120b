/**
 * The flags that say which server a measuring command (cost, report, shadow)
 * talks to: a live `--url`, or a `--corpus` folder served by the embedded
 * reference server with an optional `--kind-map`. `resolveTarget` in
 * src/cli/inputs.ts reads them back (as `TargetFlags`) and rejects both at once.
 */
import type { Command } from "commander";

export const EMBEDDED_CORPUS_HELP = "folder of markdown served by the embedded reference server";

/** Adds --url, --corpus and --kind-map to `command`; `corpusHelp` says which embedded server(s) serve the folder. */
export function targetOptions(command: Command, corpusHelp: string = EMBEDDED_CORPUS_HELP): Command {
  return command
    .option("--url <url>", "MCP endpoint of a live server")
    .option("--corpus <dir>", corpusHelp)
    .option(
      "--kind-map <file>",
      "JSON/YAML object of path prefix → kind (with --corpus; overrides the corpus's own oddkit.kinds.json)",
    );
}
