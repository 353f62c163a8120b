export async function legacy(call, uri) {
  // TODO(oddkit-migrate): result_grouping has no contract equivalent: the contract serves one merged ranking
  const grouped = await call("oddkit_search", {
    input: "x",
    result_grouping: "grouped",
    limit: 5
  });
  const merged = await call("oddkit_search", { input: "y", limit: 5 });
  // TODO(oddkit-migrate): section has no contract equivalent; get the body and cut the section client-side
  const section = await call("oddkit_get", { input: uri, section: "Summary" });
  // TODO(oddkit-migrate): sort_by: "date" listed only documents with frontmatter on the legacy server; the contract lists every document (undated last): filter on entry.metadata if the page relied on it
  // TODO(oddkit-migrate): filter_epoch has no contract equivalent; request disclosure metadata and filter on entry.metadata.epoch
  const epoch = await call("oddkit_catalog", {
    sort_by: "date",
    filter_epoch: "E0008",
    limit: 10
  });
  return [grouped, merged, section, epoch];
}
