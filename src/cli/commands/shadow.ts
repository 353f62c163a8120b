/**
 * `oddkit-sdk shadow --predicate FILE`: the server-side structural filter
 * beside the consumer's local predicate over every document; one JSON line
 * per disagreement, then agree/disagree counts grouped by reason.
 */
import { appendFile, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { Command } from "commander";
import { createOddkitClient } from "../../client/index.js";
import { sampleCorpusDir } from "../../corpus/index.js";
import { createReferenceServer } from "../../server/index.js";
import { formatShadowText, loadPredicate, parseServerFilter, shadowCompare } from "../../shadow/index.js";
import type { CliContext } from "../context.js";
import { loadTargetCorpus, numberFlag, resolveTarget, type TargetFlags } from "../inputs.js";
import { targetOptions } from "../target-options.js";

/** The filter of the essays index: what `isPublicFacing()` is replaced by. */
export const DEFAULT_SHADOW_FILTER = { audience: "public", exposure: "public" } as const;

interface ShadowFlags extends TargetFlags {
  predicate: string;
  filter?: string;
  sampleRate?: string;
  log?: string;
  json?: boolean;
}

export function register(program: Command, ctx: CliContext): void {
  targetOptions(
    program
      .command("shadow")
      .description("Compare a server-side structural filter with a local predicate over every document")
      .requiredOption("--predicate <file>", "module (.ts or .js) whose default export is the local predicate")
      .option("--filter <json>", `server filter (default ${JSON.stringify(DEFAULT_SHADOW_FILTER)})`),
  )
    .option("--sample-rate <r>", "fraction of documents compared, 0..1 (default 1)")
    .option("--log <file>", "write the disagreement lines (JSONL) to FILE instead of stdout")
    .option("--json", "print the report as JSON (schemaVersion 1, see docs/tools.md)")
    .action(async (flags: ShadowFlags) => {
      let filterValue: unknown = DEFAULT_SHADOW_FILTER;
      if (flags.filter !== undefined) {
        try {
          filterValue = JSON.parse(flags.filter);
        } catch (error) {
          throw new Error(`--filter is not JSON (${(error as Error).message}); e.g. '{"audience":"public"}'`);
        }
      }
      const serverFilter = parseServerFilter(filterValue);
      const sampleRate = numberFlag("--sample-rate", flags.sampleRate, 1);
      if (sampleRate > 1) throw new Error(`--sample-rate must be between 0 and 1, got ${sampleRate}`);
      const localPredicate = await loadPredicate(flags.predicate, ctx.io.cwd);
      const target = await resolveTarget(flags, ctx.io.cwd, sampleCorpusDir);
      const server =
        target.kind === "embedded"
          ? await createReferenceServer({
              corpus: await loadTargetCorpus(target),
            })
          : null;
      const client = createOddkitClient(
        server ? { server, cache: false } : { url: (target as { url: string }).url },
      );
      const logFile = flags.log ? resolve(ctx.io.cwd, flags.log) : null;
      if (logFile) await writeFile(logFile, "");
      const lines: string[] = [];
      try {
        const report = await shadowCompare({
          client,
          serverFilter,
          localPredicate,
          sampleRate,
          log: (line) => lines.push(line),
          // the embedded server's own map (its corpus's oddkit.kinds.*, or --kind-map)
          ...(server ? { kindMap: server.corpus.kindMap } : {}),
        });
        if (logFile) await appendFile(logFile, lines.map((l) => `${l}\n`).join(""));
        else if (!flags.json) for (const line of lines) ctx.io.stdout(line);
        ctx.io.stdout(flags.json ? JSON.stringify(report, null, 2) : formatShadowText(report));
      } finally {
        await client.close();
        await server?.close();
      }
    });
}
