declare function callOddkit(tool: string, args: Record<string, unknown>): Promise<any>;

export async function Related({ query }: { query: string }) {
  const envelope = await callOddkit("oddkit_search", { input: query, include_metadata: true });
  const top = envelope.result.hits.slice(0, 3);
  return (
    <ul>
      {top.map(({ path, title }: { path: string; title: string }) => (
        <li key={path}>{title}</li>
      ))}
    </ul>
  );
}
