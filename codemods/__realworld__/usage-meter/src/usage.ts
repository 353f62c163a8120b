/**
 * Token accounting for the assistant: every oddkit tool the agent used is
 * recorded with its token count, and priced from the table below.
 */
export type ToolName = "oddkit" | "oddkit_search" | "oddkit_get" | "oddkit_catalog" | "oddkit_resolve";

/** Typical output tokens per call, from the oddkit telemetry dashboard. */
export const TYPICAL_TOKENS: Record<ToolName, number> = {
  oddkit: 4_000,
  oddkit_search: 8_000,
  oddkit_get: 3_000,
  oddkit_catalog: 112_000,
  oddkit_resolve: 600,
};

const ledger = new Map<string, { calls: number; tokens: number }>();

export function record(tool: string, usage: { tokens: number }): void {
  const row = ledger.get(tool) ?? { calls: 0, tokens: 0 };
  row.calls += 1;
  row.tokens += usage.tokens;
  ledger.set(tool, row);
}

export function recordSearch(tokens: number): void {
  record("oddkit_search", { tokens });
}

export function estimate(tool: ToolName, calls = 1): number {
  return TYPICAL_TOKENS[tool] * calls;
}

export function snapshot(): Array<[string, { calls: number; tokens: number }]> {
  return [...ledger.entries()].sort(([a], [b]) => a.localeCompare(b));
}
