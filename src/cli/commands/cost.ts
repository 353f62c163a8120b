/**
 * `oddkit-sdk cost`: the legacy doc-listing call against the reference use
 * cases, measured in one run on one corpus, with the week measured through
 * the client cache (the formula beside it) and the verdict on check 11.
 */
import type { Command } from "commander";
import { sampleCorpusDir } from "../../corpus/index.js";
import { COST_DEFAULTS, formatCostText, measureCost } from "../../cost/index.js";
import type { CliContext } from "../context.js";
import { loadTargetCorpus, numberFlag, resolveTarget, type TargetFlags } from "../inputs.js";
import { targetOptions } from "../target-options.js";

interface CostFlags extends TargetFlags {
  callsPerHour?: string;
  ttl?: string;
  changesPerDay?: string;
  query?: string;
  uri?: string;
  pathPrefix?: string;
  json?: boolean;
}

export function register(program: Command, ctx: CliContext): void {
  targetOptions(
    program
      .command("cost")
      .description(
        "Measure the legacy doc-listing call against the reference use cases (tokens, ratios, a simulated week through the client cache)",
      ),
    "folder of markdown served by the embedded servers (legacy and contract)",
  )
    .option("--calls-per-hour <n>", `consumer call rate (default ${COST_DEFAULTS.callsPerHour})`)
    .option("--ttl <seconds>", `edge cache TTL (default ${COST_DEFAULTS.ttlSeconds})`)
    .option(
      "--changes-per-day <n>",
      `knowledge-base changes per day (default ${COST_DEFAULTS.changesPerDay})`,
    )
    .option("--query <text>", "global search query (default: canon)")
    .option("--uri <uri>", "essay page URI (default: a median-length public essay)")
    .option("--path-prefix <prefix>", "notebook path prefix (default: the largest folder under writings/)")
    .option("--json", "print the report as JSON (schemaVersion 1, see docs/tools.md)")
    .action(async (flags: CostFlags) => {
      const target = await resolveTarget(flags, ctx.io.cwd, sampleCorpusDir);
      const inputs = {
        ...(flags.query !== undefined ? { query: flags.query } : {}),
        ...(flags.uri !== undefined ? { uri: flags.uri } : {}),
        ...(flags.pathPrefix !== undefined ? { pathPrefix: flags.pathPrefix } : {}),
      };
      const rates = {
        callsPerHour: numberFlag("--calls-per-hour", flags.callsPerHour, COST_DEFAULTS.callsPerHour),
        ttlSeconds: numberFlag("--ttl", flags.ttl, COST_DEFAULTS.ttlSeconds),
        changesPerDay: numberFlag("--changes-per-day", flags.changesPerDay, COST_DEFAULTS.changesPerDay),
      };
      const report =
        target.kind === "url"
          ? await measureCost({ url: target.url, ...rates, inputs })
          : await measureCost({
              corpus: await loadTargetCorpus(target),
              ...rates,
              inputs,
            });
      ctx.io.stdout(flags.json ? JSON.stringify(report, null, 2) : formatCostText(report));
      if (report.check11.holds === false) ctx.exit(1);
    });
}
