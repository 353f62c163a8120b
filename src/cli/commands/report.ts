/**
 * `oddkit-sdk report`: the migration report on one screen — frontmatter
 * audit, conformance table and token cost of the bundled sample corpus
 * (default), a corpus folder, or a live server. Exit 1 when the server does
 * not conform (check 11 included); audit findings alone never fail it.
 */
import type { Command } from "commander";
import { sampleCorpusDir } from "../../corpus/index.js";
import { formatMigrationReport, migrationReport } from "../../report/index.js";
import { resolveTarget, type TargetFlags } from "../../report/inputs.js";
import type { CliContext } from "../context.js";
import { targetOptions } from "../target-options.js";

interface ReportFlags extends TargetFlags {
  json?: boolean;
}

export function register(program: Command, ctx: CliContext): void {
  targetOptions(
    program
      .command("report")
      .description(
        "Migration report: frontmatter audit, conformance and token cost (default: the bundled sample corpus)",
      ),
  )
    .option("--json", "print the whole report as JSON (audit, conformance and cost reports inside)")
    .action(async (flags: ReportFlags) => {
      const target = await resolveTarget(flags, ctx.io.cwd, sampleCorpusDir);
      const report =
        target.kind === "url"
          ? await migrationReport({ url: target.url })
          : await migrationReport({
              ...(flags.corpus !== undefined ? { corpus: target.dir } : {}),
              ...(target.kindMap
                ? { kindMap: target.kindMap, kindMapSource: { from: "file", file: target.kindMapFile ?? "" } }
                : {}),
            });
      ctx.io.stdout(flags.json ? JSON.stringify(report, null, 2) : formatMigrationReport(report));
      if (!report.pass) ctx.exit(1);
    });
}
