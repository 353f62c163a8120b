declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<unknown>;

export async function run(action: string, input: string) {
  // TODO(oddkit-migrate): umbrella oddkit call with a computed action: route search/get/resolve/catalog/preflight to oddkit_<action> tools
  const result = await callOddkit("oddkit", { action, input });
  return result;
}
