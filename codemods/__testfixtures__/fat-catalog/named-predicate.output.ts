const ODDKIT_URL = "https://oddkit.klappy.dev/mcp?consumer=klappy.dev";

/** Path-dominant: hides handoffs, ledgers and journals from public pages. */
function isPublicFacing(article: { path: string }): boolean {
  return !article.path.startsWith("odd/handoffs/") && !article.path.startsWith("odd/ledger/") && !article.path.includes("journal");
}

export async function listing() {
  // TODO(oddkit-migrate): fat catalog filtered client-side by `isPublicFacing`: candidate helper getEssaysIndex(client) (audience: "public", exposure: "public", disclosure ["blockquote"]); not applied: isPublicFacing() is a client-side predicate; the server-side filters must be shadow-compared against it before it is dropped (oddkit-sdk shadow). Kept on the legacy envelope (include_legacy_envelope: true, every kind included as legacy did) for the cutover
  const res = await fetch(ODDKIT_URL, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "oddkit_catalog", arguments: {
      sort_by: "path",
      limit: 500,
      include_legacy_envelope: true,
      include: ["canon", "docs", "journals", "essays", "apocrypha"]
    } } }),
  });
  const rpc = await res.json();
  const envelope = JSON.parse(rpc.result.content[0].text);
  return envelope.result.articles.filter(isPublicFacing);
}
