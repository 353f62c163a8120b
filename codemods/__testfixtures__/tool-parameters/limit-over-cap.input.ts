declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<unknown>;

// One call for 500 entries with metadata: over the metadata cap (100), and nothing pages.
export const all = () => callOddkit("oddkit_catalog", { sort_by: "path", limit: 500, include_metadata: true });
