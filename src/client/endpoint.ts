/**
 * The MCP endpoint URL of a client: validated, labelled with the consumer
 * (`?consumer=<label>`, the legacy server's convention), and the same URL
 * without the label (the cache namespace: one server, whoever asks).
 */

export function endpointUrl(raw: string | URL, consumer: string | undefined): URL {
  let url: URL;
  try {
    url = new URL(String(raw));
  } catch {
    throw new TypeError(
      `createOddkitClient: url '${String(raw)}' is not an absolute URL (e.g. https://host/mcp)`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new TypeError(`createOddkitClient: url must be http(s), got '${url.protocol}'`);
  }
  if (consumer !== undefined) url.searchParams.set("consumer", consumer);
  return url;
}

export function stripConsumer(url: URL): URL {
  const copy = new URL(url);
  copy.searchParams.delete("consumer");
  return copy;
}
