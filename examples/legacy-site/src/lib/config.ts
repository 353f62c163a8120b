/** Where the oddkit server lives: `ODDKIT_URL` from the environment (Deno or Node), else production. */
type Env = { get(name: string): string | undefined };
const deno = (globalThis as { Deno?: { env: Env } }).Deno;
const nodeEnv = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env;

export const ODDKIT_URL: string =
  deno?.env.get("ODDKIT_URL") ?? nodeEnv?.ODDKIT_URL ?? "https://oddkit.klappy.dev/mcp";
