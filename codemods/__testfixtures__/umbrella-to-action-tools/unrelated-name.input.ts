// A tool object whose name is not an oddkit tool stays untouched.
export const call = { name: "oddkit-docs", arguments: { action: "get", input: "x" } };
export const other = { name: "search", arguments: { action: "get" } };
