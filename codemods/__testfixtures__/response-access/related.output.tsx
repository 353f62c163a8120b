declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<any>;

export async function Related({ query }: { query: string }) {
  const envelope = await callOddkit("oddkit_search", { input: query, include_metadata: true });
  // TODO(oddkit-migrate): entries carry no path: this now reads the URI; where a repository path is needed use pathForKlappyUri(uri) from oddkit-sdk (klappy:// URIs only)
  const top = envelope.result.data.slice(0, 3);
  return (
    <ul>
      {top.map(({ uri: path, title }: { uri: string; title: string }) => (
        <li key={path}>{title}</li>
      ))}
    </ul>
  );
}
