declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<unknown>;

export async function run(action: string, input: string) {
  const result = await callOddkit("oddkit", { action, input });
  return result;
}
