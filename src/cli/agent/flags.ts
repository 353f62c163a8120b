/**
 * Flags the agent verbs share: `--budget N` (cl100k tokens) and the
 * structural filter flags (derived from the preflight input schema, as the
 * retrieval verbs derive theirs), read back as a contract `Filters` object.
 */
import type { Command } from "commander";
import { FILTER_NAMES, type Filters } from "../../contract/index.js";
import { CliUsageError } from "../../errors/index.js";
import { addParamFlags, type ParamFlag, paramFlags, readParams } from "../retrieval/flags.js";

/** The structural filter flags (`--audience`, `--exposure`, `--include`, …). */
export function filterFlags(): ParamFlag[] {
  return paramFlags("preflight").filter((f) => (FILTER_NAMES as readonly string[]).includes(f.param));
}

export function addFilterFlags(command: Command, flags: readonly ParamFlag[]): void {
  addParamFlags(command, flags);
}

export function readFilters(
  flags: readonly ParamFlag[],
  options: Readonly<Record<string, unknown>>,
): Filters {
  return readParams(flags, options) as Filters;
}

/** `--budget N`: a non-negative integer number of cl100k tokens. */
export function readBudget(raw: unknown, fallback: number): number {
  if (raw === undefined) return fallback;
  const text = String(raw);
  if (!/^\d+$/.test(text)) {
    throw new CliUsageError(`--budget: '${text}' is not a non-negative integer number of tokens`);
  }
  return Number(text);
}
