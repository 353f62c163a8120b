declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<unknown>;

// One call for 500 entries with metadata: over the metadata cap (100), and nothing pages.
// TODO(oddkit-migrate): limit 500 exceeds the cap 100 while 'metadata' is active (LIMIT_EXCEEDS_FLAG_CAP); page through with offset, or use client.paginate("catalog", …)
export const all = () => callOddkit("oddkit_catalog", { sort_by: "path", limit: 500, disclosure: ["metadata"] });
