/**
 * `oddkit-sdk report`: the migration report on one screen — frontmatter
 * audit, token cost and conformance table of the bundled sample corpus
 * (default), a corpus folder, or a live server. Each section is printed the
 * moment it is measured (a spinner on stderr says what runs next on a
 * terminal). Exit 1 when the server does not conform (check 11 included);
 * audit findings alone never fail it.
 */
import type { Command } from "commander";
import { sampleCorpusDir } from "../../corpus/index.js";
import {
  formatReportSection,
  formatReportVerdict,
  migrationReport,
  type ReportSection,
} from "../../report/index.js";
import { defaultIndexCacheDir } from "../../server/search/index-cache.js";
import type { CliContext } from "../context.js";
import { resolveTarget, type TargetFlags } from "../inputs.js";
import { startProgress } from "../progress.js";
import { targetOptions } from "../target-options.js";

interface ReportFlags extends TargetFlags {
  json?: boolean;
}

/** What runs after each section, for the spinner. */
const NEXT: Readonly<Record<ReportSection["section"], string | null>> = {
  target: "auditing frontmatter…",
  audit: "measuring token cost (legacy call vs the reference use cases)…",
  cost: "running the contract's 11 conformance checks…",
  conformance: null,
};

export function register(program: Command, ctx: CliContext): void {
  targetOptions(
    program
      .command("report")
      .description(
        "Migration report: frontmatter audit, token cost and conformance (default: the bundled sample corpus)",
      ),
  )
    .option("--json", "print the whole report as JSON (audit, conformance and cost reports inside)")
    .action(async (flags: ReportFlags) => {
      const { color } = ctx;
      const target = await resolveTarget(flags, ctx.io.cwd, sampleCorpusDir);
      const progress = startProgress(ctx, "loading the corpus…");
      const onSection = (section: ReportSection) => {
        if (!flags.json) {
          const [first = "", ...rest] = formatReportSection(section);
          const heading = section.section === "target" ? color.bold(first) : first;
          progress.print(
            [heading, ...rest.map((l, i) => (i === 0 && l !== "" ? color.bold(l) : l))].join("\n"),
          );
        }
        const next = NEXT[section.section];
        if (next) progress.update(next);
      };
      try {
        const report =
          target.kind === "url"
            ? await migrationReport({ url: target.url, onSection })
            : await migrationReport({
                ...(flags.corpus !== undefined ? { corpus: target.dir } : {}),
                ...(target.kindMap
                  ? {
                      kindMap: target.kindMap,
                      kindMapSource: { from: "file", file: target.kindMapFile ?? "" },
                    }
                  : {}),
                indexCache: defaultIndexCacheDir() ?? false,
                onSection,
              });
        progress.stop();
        if (flags.json) ctx.io.stdout(JSON.stringify(report, null, 2));
        else {
          const [blank = "", verdict = ""] = formatReportVerdict(report);
          ctx.io.stdout([blank, report.pass ? color.green(verdict) : color.red(verdict)].join("\n"));
        }
        if (!report.pass) ctx.exit(1);
      } finally {
        progress.stop();
      }
    });
}
