/**
 * What the client's fail-closed validation costs, as a ratio against a plain
 * `JSON.parse` of the same envelope text, measured side by side in one run:
 *
 * - a 500-entry catalog page at disclosure [] (the sitemap crawl's page), and
 * - a 25-entry catalog page at disclosure ["summary"] (the heaviest listing flag at its cap).
 *
 * "validated" is exactly what the client runs on every answer it did not serve
 * from cache: measure bytes, parse, refuse error envelopes, the strict result
 * schema and the contract's compliance checks. Token counting (cl100k) is
 * reported on its own line, since it can be turned off.
 *
 *   npx tsx bench/client.ts
 */

import { loadavg } from "node:os";
import { validateToolResult } from "../src/client/validate.js";
import { KINDS, toolNameFor, validateRequest } from "../src/contract/index.js";
import { createReferenceServer } from "../src/server/index.js";
import { countTokens } from "../src/tokens.js";

/** Issue 16's goal: validation of a 500-entry page within 1.5× of JSON.parse, token counting off. */
const VALIDATION_GOAL = 1.5;

interface Case {
  readonly name: string;
  readonly args: Record<string, unknown>;
}

const CASES: Case[] = [
  { name: "catalog, 500 entries, disclosure []", args: { limit: 500, include: [...KINDS] } },
  { name: "catalog, 25 entries, disclosure [summary]", args: { limit: 25, disclosure: ["summary"] } },
];

/**
 * ms per operation of one batch of `iterations` calls: wall clock, and the
 * process's CPU time (every thread, so V8's collector threads count too). On
 * a shared machine the wall figure also holds the time the process waited
 * for a core; the CPU figure is the work itself.
 */
function batch(fn: () => void, iterations: number): { wall: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < iterations; i++) fn();
  const wall = (performance.now() - start) / iterations;
  const used = process.cpuUsage(cpu0);
  return { wall, cpu: (used.user + used.system) / 1000 / iterations };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Calls of each side before any timing: enough for V8 to optimise both paths (steady state). */
const WARM_CALLS = 400;
/** Wall time of one timed batch, so a batch spans several garbage collections rather than none or one. */
const BATCH_MS = 25;

/**
 * Interleaved rounds (parse batch, then validate batch), so both sides of the
 * ratio see the same machine load; medians of the per-round figures. Both
 * sides are warmed first and each batch runs ~25 ms: the figure is the steady
 * cost of a client that validates answers all day, not of V8's first calls.
 */
function compare(parse: () => void, validate: () => void, rounds = 15) {
  batch(parse, WARM_CALLS);
  batch(validate, WARM_CALLS);
  const iterations = Math.max(20, Math.round(BATCH_MS / batch(parse, WARM_CALLS).wall));
  const parseMs: number[] = [];
  const validateMs: number[] = [];
  const ratios: number[] = [];
  const cpuRatios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const p = batch(parse, iterations);
    const v = batch(validate, iterations);
    parseMs.push(p.wall);
    validateMs.push(v.wall);
    ratios.push(v.wall / p.wall);
    cpuRatios.push(v.cpu / p.cpu);
  }
  return {
    parseMs: median(parseMs),
    validateMs: median(validateMs),
    ratio: median(ratios),
    cpuRatio: median(cpuRatios),
    iterations,
  };
}

async function main(): Promise<void> {
  const server = await createReferenceServer();
  const load = () =>
    loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
  console.log(
    `load average at start: ${load()} (2-core machine: ratios are side by side, but GC and load spread them)`,
  );
  console.log(
    "client validation overhead vs JSON.parse of the same envelope (median ms/op and median per-round ratios of wall clock and of process CPU time, both warmed, interleaved, one run)",
  );
  console.log(
    [
      "page".padEnd(44),
      "entries".padStart(8),
      "KB".padStart(8),
      "JSON.parse".padStart(12),
      "validated".padStart(12),
      "ratio".padStart(8),
      "cpu ratio".padStart(11),
      "+cl100k".padStart(10),
    ].join(""),
  );
  const goals: string[] = [];
  for (const c of CASES) {
    const raw = await server.callTool(toolNameFor("catalog"), c.args);
    const text = (raw.content[0] as { text: string }).text;
    const validation = validateRequest("catalog", c.args);
    if (!validation.ok) throw new Error(`bench request refused: ${validation.error.error_message}`);
    const request = validation.request;
    const errorOptions = { action: "catalog" };
    const validate = () => {
      validateToolResult(raw, request, c.args, Number.POSITIVE_INFINITY, errorOptions);
    };
    validate(); // throws if the reference answer does not comply: the bench would measure nothing
    const entries = (JSON.parse(text) as { result: { data: unknown[] } }).result.data.length;
    const { parseMs, validateMs, ratio, cpuRatio, iterations } = compare(() => JSON.parse(text), validate);
    await countTokens(text); // load the tokenizer outside the timing
    const tokenStart = performance.now();
    const tokenRuns = Math.max(5, Math.round(iterations / 10));
    for (let i = 0; i < tokenRuns; i++) await countTokens(text);
    const tokenMs = (performance.now() - tokenStart) / tokenRuns;
    console.log(
      [
        c.name.padEnd(44),
        String(entries).padStart(8),
        (text.length / 1024).toFixed(1).padStart(8),
        parseMs.toFixed(3).padStart(12),
        validateMs.toFixed(3).padStart(12),
        `${ratio.toFixed(2)}x`.padStart(8),
        `${cpuRatio.toFixed(2)}x`.padStart(11),
        tokenMs.toFixed(3).padStart(10),
      ].join(""),
    );
    if (c === CASES[0]) {
      goals.push(
        `goal: client validation of a 500-entry catalog page ${ratio.toFixed(2)}× JSON.parse by wall clock (${cpuRatio.toFixed(2)}× by CPU time; token counting off; cl100k would add ${(tokenMs / parseMs).toFixed(0)}× when turned on), goal ≤ ${VALIDATION_GOAL}× (judged on the wall clock): ${ratio <= VALIDATION_GOAL ? "met" : "NOT met"}`,
      );
    }
  }
  for (const goal of goals) console.log(goal);
  console.log(`load average at end: ${load()}`);
  await server.close();
}

await main();
