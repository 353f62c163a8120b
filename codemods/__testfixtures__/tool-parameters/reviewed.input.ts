declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<unknown>;

export async function reviewed() {
  // oddkit-migrate-reviewed: epoch filtering is handled by the caller's fallback.
  return callOddkit("oddkit_catalog", { sort_by: "date", filter_epoch: "E0008" });
}
