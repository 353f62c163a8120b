export async function legacy(call, uri) {
  const grouped = await call("oddkit_search", { input: "x", result_grouping: "grouped" });
  const merged = await call("oddkit_search", { input: "y", result_grouping: "merged" });
  const section = await call("oddkit_get", { input: uri, section: "Summary" });
  const epoch = await call("oddkit_catalog", { sort_by: "date", filter_epoch: "E0008" });
  return [grouped, merged, section, epoch];
}
