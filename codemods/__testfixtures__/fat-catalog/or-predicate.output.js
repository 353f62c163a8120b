export async function mixed(call) {
  // TODO(oddkit-migrate): fat catalog filtered client-side by `(a) => a.metadata.audience === "public" || a.metadata.tier === 1`: candidate helper getEssaysIndex(client) (audience: "public", exposure: "public", disclosure ["blockquote"]); not applied: the condition `a.metadata.audience === "public" || a.metadata.tier === 1` has no exact contract filter. Kept on the legacy envelope (include_legacy_envelope: true, every kind included as legacy did) for the cutover
  const envelope = await call("oddkit_catalog", {
    sort_by: "path",
    include_legacy_envelope: true,
    include: ["canon", "docs", "journals", "essays", "apocrypha"]
  });
  return envelope.result.articles.filter((a) => a.metadata.audience === "public" || a.metadata.tier === 1);
}
