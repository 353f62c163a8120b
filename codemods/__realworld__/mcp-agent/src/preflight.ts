import { connectOddkit, disconnect, tool } from "./client";

/** What to read before starting a task: the preflight bundle, as the agent's system prompt lists it. */
export async function readingList(task: string): Promise<string[]> {
  const c = await connectOddkit();
  try {
    const { result } = await tool(c, "oddkit_preflight", { input: task });
    return [
      ...result.start_here.map((p: string) => `start: ${p}`),
      `done when: ${result.dod}`,
      ...result.constraints.map((p: string) => `constraint: ${p}`),
    ];
  } finally {
    await disconnect();
  }
}
