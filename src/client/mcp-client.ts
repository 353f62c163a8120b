/**
 * The MCP client side this SDK needs — initialize, then `tools/call` — built
 * on the SDK's Protocol rather than its Client class. The Client imports its
 * default output-schema validator (ajv, ~100 KB minified, compiling with
 * `new Function`, which edge runtimes forbid) even when another validator is
 * passed, and it validates only the output schemas of tools it has listed:
 * this client never lists tools, so that path never ran. The handshake below
 * is the Client's (same request, same protocol-version check, same
 * `notifications/initialized`), so servers see no difference.
 */
import { Protocol, type RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  type CallToolResult,
  CallToolResultSchema,
  type ClientNotification,
  type ClientRequest,
  type ClientResult,
  type Implementation,
  InitializeResultSchema,
  LATEST_PROTOCOL_VERSION,
  SUPPORTED_PROTOCOL_VERSIONS,
} from "@modelcontextprotocol/sdk/types.js";

export class McpToolClient extends Protocol<ClientRequest, ClientNotification, ClientResult> {
  #serverVersion: Implementation | undefined;

  constructor(private readonly clientInfo: Implementation) {
    super();
  }

  /** Connect and initialize; a failed handshake closes the connection and rethrows. */
  override async connect(transport: Transport, options?: RequestOptions): Promise<void> {
    await super.connect(transport);
    // A transport that already carries a session id is resuming one: no second initialize (as the SDK Client).
    if (transport.sessionId !== undefined) return;
    try {
      const result = await this.request(
        {
          method: "initialize",
          params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: this.clientInfo },
        },
        InitializeResultSchema,
        options,
      );
      if (!SUPPORTED_PROTOCOL_VERSIONS.includes(result.protocolVersion)) {
        throw new Error(`Server's protocol version is not supported: ${result.protocolVersion}`);
      }
      this.#serverVersion = result.serverInfo;
      // HTTP transports send the negotiated version in a header on every later request.
      transport.setProtocolVersion?.(result.protocolVersion);
      await this.notification({ method: "notifications/initialized" });
    } catch (error) {
      void this.close();
      throw error;
    }
  }

  /** The server's `serverInfo` from the handshake. */
  getServerVersion(): Implementation | undefined {
    return this.#serverVersion;
  }

  callTool(
    params: { name: string; arguments?: Record<string, unknown> },
    options?: RequestOptions,
  ): Promise<CallToolResult> {
    return this.request({ method: "tools/call", params }, CallToolResultSchema, options);
  }

  // This client declares no capabilities and serves no requests but the Protocol's own ping:
  // nothing to assert (the SDK Client asserts only under enforceStrictCapabilities, off by default).
  protected assertCapabilityForMethod(): void {}
  protected assertNotificationCapability(): void {}
  protected assertRequestHandlerCapability(): void {}
  protected assertTaskCapability(): void {}
  protected assertTaskHandlerCapability(): void {}
}
