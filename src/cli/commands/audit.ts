/**
 * `oddkit-sdk audit [DIR]`: the frontmatter audit (validation gate 1 of
 * the reference consumer's migration). Soft by default (exit 0 with findings); `--strict` exits 1
 * on any error, for a content repository's CI.
 */
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Command } from "commander";
import { auditCorpus, formatAuditMarkdown, formatAuditText } from "../../audit/index.js";
import { sampleCorpusDir } from "../../corpus/sample.js";
import type { CliContext } from "../context.js";
import { readKindMapFile } from "../inputs.js";

interface AuditFlags {
  json?: boolean;
  markdown?: string;
  strict?: boolean;
  kindMap?: string;
}

export function register(program: Command, ctx: CliContext): void {
  program
    .command("audit")
    .description(
      "Audit the structural frontmatter of a folder of markdown (default: the bundled sample corpus)",
    )
    .argument("[dir]", "folder of markdown documents")
    .option("--json", "print the full report as JSON (schemaVersion 1, see docs/tools.md)")
    .option("--markdown <file>", "also write a markdown report to FILE")
    .option("--strict", "exit 1 when any error is found (hard gate)")
    .option(
      "--kind-map <file>",
      "JSON/YAML object of path prefix → kind, laid over the default map (overrides the folder's own oddkit.kinds.json)",
    )
    .action(async (dir: string | undefined, flags: AuditFlags) => {
      const kindMap = flags.kindMap ? await readKindMapFile(flags.kindMap, ctx.io.cwd) : undefined;
      const target = dir ? resolve(ctx.io.cwd, dir) : sampleCorpusDir();
      const report = await auditCorpus(target, {
        strict: flags.strict ?? false,
        ...(kindMap && flags.kindMap
          ? { kindMap, kindMapSource: { from: "file", file: flags.kindMap } }
          : {}),
      });
      if (flags.markdown) await writeFile(resolve(ctx.io.cwd, flags.markdown), formatAuditMarkdown(report));
      ctx.io.stdout(flags.json ? JSON.stringify(report, null, 2) : formatAuditText(report));
      if (!report.pass) ctx.exit(1);
    });
}
