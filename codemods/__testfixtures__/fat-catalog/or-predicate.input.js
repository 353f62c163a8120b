export async function mixed(call) {
  const envelope = await call("oddkit_catalog", { sort_by: "path" });
  return envelope.result.articles.filter((a) => a.metadata.audience === "public" || a.metadata.tier === 1);
}
