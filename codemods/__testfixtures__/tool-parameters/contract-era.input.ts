declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<unknown>;

// Already on the contract: nothing to do.
export const page = () => callOddkit("oddkit_catalog", { disclosure: ["metadata"], limit: 100, audience: "public" });
