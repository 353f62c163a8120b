export async function homepage(call) {
  const envelope = await call("oddkit_catalog", {});
  // TODO(oddkit-migrate): the catalog categories rollup is gone (contract check 4): list tags from entry.metadata.tags, or filter with tags
  // TODO(oddkit-migrate): the catalog start_here list is gone (contract check 4): candidate helper getStartHereCarousel(client) (filter start_here: true, exposure: public)
  return { tags: envelope.result.categories, carousel: envelope.result.start_here, count: envelope.result.total };
}
