declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<unknown>;

export const catalogPage = (offset: number) =>
  callOddkit("oddkit_catalog", {
    sort_by: "path",
    limit: 50,
    offset
  });
