declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<{ more: boolean }>;

// The caller pages with a variable offset: a limit above the cap only makes pages smaller.
export async function everything() {
  let offset = 0;
  for (;;) {
    const page = await callOddkit("oddkit_catalog", { sort_by: "date", limit: 100, offset, disclosure: ["metadata"] });
    if (!page.more) return;
    offset += 100;
  }
}
