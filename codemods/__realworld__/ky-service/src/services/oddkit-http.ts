import ky, { type KyInstance } from "ky";

/** Base for the services that talk to oddkit over MCP JSON-RPC. */
export abstract class OddkitHttp {
  protected readonly http: KyInstance;
  private id = 0;

  constructor(baseUrl = process.env.ODDKIT_BASE_URL ?? "https://oddkit.klappy.dev") {
    this.http = ky.create({
      prefixUrl: baseUrl,
      headers: { accept: "application/json" },
      retry: { limit: 2, methods: ["post"] },
    });
  }

  protected async call<T = any>(tool: string, args: Record<string, unknown>): Promise<T> {
    const rpc = await this.http
      .post("mcp", { json: { jsonrpc: "2.0", id: ++this.id, method: "tools/call", params: { name: tool, arguments: args } } })
      .json<{ result: { content: { text: string }[] } }>();
    return JSON.parse(rpc.result.content[0].text).result;
  }
}
