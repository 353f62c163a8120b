export async function homepage(call) {
  const envelope = await call("oddkit_catalog", {});
  return { tags: envelope.result.categories, carousel: envelope.result.start_here, count: envelope.result.total };
}
