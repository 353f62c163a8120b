export class OddkitError extends Error {
  constructor(
    message: string,
    readonly tool: string,
  ) {
    super(message);
    this.name = "OddkitError";
  }
}

/** Minimal oddkit MCP client used by the docs tooling. */
export class OddkitApi {
  private seq = 0;

  constructor(private readonly endpoint: string = process.env.ODDKIT_URL ?? "https://oddkit.klappy.dev/mcp") {}

  async call(tool: string, args: Record<string, unknown> = {}): Promise<any> {
    const res = await fetch(this.endpoint, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: ++this.seq, method: "tools/call", params: { name: tool, arguments: args } }),
    });
    if (!res.ok) throw new OddkitError(`HTTP ${res.status}`, tool);
    const rpc = await res.json();
    if (rpc.error) throw new OddkitError(rpc.error.message, tool);
    return JSON.parse(rpc.result.content[0].text);
  }
}
