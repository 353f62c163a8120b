declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<{ more: boolean }>;

// The caller pages with a variable offset: a limit above the cap only makes pages smaller.
export async function everything() {
  let offset = 0;
  for (;;) {
    // TODO(oddkit-migrate): sort_by: "date" listed only documents with frontmatter on the legacy server; the contract lists every document (undated last): filter on entry.metadata if the page relied on it
    const page = await callOddkit("oddkit_catalog", { sort_by: "date", limit: 100, offset, disclosure: ["metadata"] });
    if (!page.more) return;
    offset += 100;
  }
}
