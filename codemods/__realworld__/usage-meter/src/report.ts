import { estimate, record, snapshot, type ToolName } from "./usage";

const WATCHED: ToolName[] = ["oddkit_catalog", "oddkit_search", "oddkit_get"];

/** Markdown table for the weekly cost report. */
export function usageReport(): string {
  const rows = snapshot().map(([tool, { calls, tokens }]) => `| ${tool} | ${calls} | ${tokens} |`);
  return ["| tool | calls | tokens |", "| --- | ---: | ---: |", ...rows].join("\n");
}

/** Replays a log line `tool=oddkit_get tokens=123` into the ledger. */
export function replay(line: string): void {
  const match = /tool=(\w+) tokens=(\d+)/.exec(line);
  if (match) record(match[1]!, { tokens: Number(match[2]) });
}

export function budgetAlert(callsPerHour: Record<string, number>): string[] {
  return WATCHED.filter((tool) => estimate(tool, callsPerHour[tool] ?? 0) > 1_000_000).map(
    (tool) => `${tool} is over a million tokens an hour`,
  );
}

export const usageEvents = {
  search: { tool: "oddkit_search", event: "oddkit.search.tokens" },
  get: { name: "oddkit_get", arguments: "redacted" },
} as const;
