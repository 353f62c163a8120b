/**
 * `oddkit-sdk conformance`: the contract's 11 checks against a live server
 * (`--url`) or the embedded reference server on a corpus, in any mode.
 * Exit 1 on any failed check.
 */
import type { Command } from "commander";
import { formatConformanceText, runConformance } from "../../conformance/index.js";
import { sampleCorpusDir } from "../../corpus/index.js";
import { SERVER_MODES, type ServerMode } from "../../server/index.js";
import type { CliContext } from "../context.js";
import { loadTargetCorpus, resolveTarget, type TargetFlags } from "../inputs.js";
import { targetOptions } from "../target-options.js";

interface ConformanceFlags extends TargetFlags {
  mode?: string;
  json?: boolean;
}

export function register(program: Command, ctx: CliContext): void {
  targetOptions(
    program
      .command("conformance")
      .description(
        "Run the contract's 11 verification checks against a server (default: embedded, sample corpus)",
      ),
  )
    .option("--mode <mode>", `embedded server shape: ${SERVER_MODES.join(", ")} (default contract)`)
    .option("--json", "print the report as JSON (schemaVersion 1, see docs/tools.md)")
    .action(async (flags: ConformanceFlags) => {
      const target = await resolveTarget(flags, ctx.io.cwd, sampleCorpusDir);
      if (flags.mode !== undefined && !(SERVER_MODES as readonly string[]).includes(flags.mode)) {
        throw new Error(`--mode must be one of ${SERVER_MODES.join(", ")}, got '${flags.mode}'`);
      }
      if (flags.mode !== undefined && target.kind === "url") {
        throw new Error("--mode applies to the embedded server only; a live server answers in its own shape");
      }
      const report =
        target.kind === "url"
          ? await runConformance({ url: target.url })
          : await runConformance({
              corpus: await loadTargetCorpus(target),
              mode: (flags.mode ?? "contract") as ServerMode,
            });
      ctx.io.stdout(flags.json ? JSON.stringify(report, null, 2) : formatConformanceText(report));
      if (!report.pass) ctx.exit(1);
    });
}
