/**
 * `oddkit-sdk migrate [paths…]`: run the codemods over a repository.
 * Exit codes: 0 done, 1 a file failed (it was not written), 2 TODOs left
 * with --fail-on-todo, 130/143 stopped by SIGINT/SIGTERM (summary printed). The JSON output (--json) is documented in docs/codemods.md.
 */
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { SingleBar } from "cli-progress";
import type { Command } from "commander";
import type { CliContext } from "./cli-context.js";
import { DEFAULT_TRANSFORM_NAMES, TRANSFORM_NAMES } from "./index.js";
import { DECISIONS_FILE, type DecisionChoices, parseDecide, readDecisionsFile } from "./migrate/decisions.js";
import { displayPath } from "./migrate/files.js";
import { abortOnSignals } from "./migrate/interrupt.js";
import { planMigration, planText } from "./migrate/plan.js";
import { summaryMarkdown, summaryText } from "./migrate/report.js";
import { migrate, unifiedDiff } from "./migrate/run.js";

interface MigrateFlags {
  dry?: boolean;
  print?: boolean;
  json?: boolean;
  report?: string;
  transforms?: string;
  failOnTodo?: boolean;
  check?: boolean;
  concurrency?: string;
  plan?: boolean;
  decide?: string;
  url?: string;
  corpus?: string;
}

function parseConcurrency(value: string | undefined): number {
  if (value === undefined) return 2;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`--concurrency must be a positive integer, got '${value}'`);
  return n;
}

export function register(program: Command, ctx: CliContext): void {
  program
    .command("migrate")
    .description("Rewrite legacy oddkit call sites to the contract (codemods); see docs/codemods.md")
    .argument("[paths...]", "files or directories (default: the current directory)")
    .option("--dry", "write nothing; print a unified diff of what would change")
    .option("--print", "print each changed file's new text")
    .option("--json", "print the summary as JSON (schemaVersion 1)")
    .option("--report <file>", "write a Markdown summary for a pull-request comment")
    .option(
      "--transforms <names>",
      `comma-separated; they run in registry order (default: ${DEFAULT_TRANSFORM_NAMES.join(",")}; opt-in: ${TRANSFORM_NAMES.filter((n) => !DEFAULT_TRANSFORM_NAMES.includes(n)).join(",")})`,
    )
    .option("--fail-on-todo", "exit 2 when TODO(oddkit-migrate) markers remain")
    .option(
      "--check",
      "detection only: write nothing, list every oddkit site, exit 1 while a legacy site is neither migrated nor marked (docs/ci/)",
    )
    .option(
      "--concurrency <n>",
      "processes at work (default 2): this one runs the type-checked engine, n − 1 worker processes (at least 1) transform; with n = 1, 32 or fewer files to transform, or no build, everything runs in this process",
    )
    .option(
      "--plan",
      "write nothing: list the migration decisions the code needs and what each changes on the knowledge base (--url, --corpus, else the bundled sample)",
    )
    .option(
      "--decide <decisions>",
      `the migration decisions to apply (with --plan: to show as taken), 'recommended' or name=value,… (default: ${DECISIONS_FILE} when the folder has one); see docs/codemods.md`,
    )
    .option("--url <url>", "with --plan: the oddkit server whose knowledge base the effects are read from")
    .option("--corpus <dir>", "with --plan: a folder of markdown served by the embedded servers")
    .action(async (paths: string[], flags: MigrateFlags) => {
      const { io } = ctx;
      if (flags.plan) return runPlan(ctx, paths, flags);
      for (const flag of ["url", "corpus"] as const)
        if (flags[flag] !== undefined) throw new Error(`--${flag} goes with --plan`);
      const decisions = flags.decide ? parseDecide(flags.decide) : readDecisionsFile(io.cwd);
      const concurrency = parseConcurrency(flags.concurrency);
      const transforms = flags.transforms
        ?.split(",")
        .map((t) => t.trim())
        .filter(Boolean);
      const bar =
        io.isTTY && !flags.json
          ? new SingleBar({ format: "migrate {bar} {value}/{total} files", hideCursor: true })
          : null;
      // SIGINT/SIGTERM: finish the file being written, write no other, still print the summary.
      const stop = new AbortController();
      const removeSignalHandlers = abortOnSignals(stop);
      ctx.signal.addEventListener("abort", () => stop.abort("aborted"), { once: true });
      const { summary, outcomes } = await migrate({
        signal: stop.signal,
        paths,
        cwd: io.cwd,
        dry: Boolean(flags.dry),
        concurrency,
        failOnTodo: Boolean(flags.failOnTodo),
        check: Boolean(flags.check),
        ...(transforms ? { transforms } : {}),
        ...(decisions ? { decisions } : {}),
        onStart: (total) => bar?.start(total, 0),
        onOutcome: (outcome) => {
          if (bar) bar.increment();
          else if (!flags.json && outcome.status !== "unchanged") {
            const verb = outcome.status === "changed" ? (flags.dry ? "would change" : "changed") : "FAILED";
            io.stderr(`${verb} ${displayPath(outcome.file, io.cwd)}`);
          }
        },
      }).finally(removeSignalHandlers);
      bar?.stop();
      for (const outcome of outcomes) {
        if (outcome.status !== "changed") continue;
        if (flags.dry && !flags.json) io.stdout(unifiedDiff(outcome, io.cwd));
        if (flags.print) io.stdout(outcome.after ?? "");
      }
      if (flags.report) await writeFile(resolve(io.cwd, flags.report), summaryMarkdown(summary));
      io.stdout(flags.json ? `${JSON.stringify(summary, null, 2)}\n` : summaryText(summary));
      ctx.exit(summary.exitCode);
    });
}

/** `migrate --plan`: detection, the decisions it needs, their effects on the knowledge base; nothing written. */
async function runPlan(ctx: CliContext, paths: string[], flags: MigrateFlags): Promise<void> {
  const { io } = ctx;
  if (flags.url && flags.corpus) throw new Error("--url and --corpus name two knowledge bases: give one");
  const decisions: DecisionChoices | null = flags.decide
    ? parseDecide(flags.decide)
    : readDecisionsFile(io.cwd);
  const plan = await planMigration({
    paths,
    cwd: io.cwd,
    ...(decisions ? { decisions } : {}),
    ...(flags.url ? { url: flags.url } : {}),
    ...(flags.corpus ? { corpus: resolve(io.cwd, flags.corpus) } : {}),
  });
  io.stdout(flags.json ? `${JSON.stringify(plan, null, 2)}\n` : planText(plan));
  ctx.exit(0);
}
