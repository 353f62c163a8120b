import { useEffect, useState } from "react";

declare const mcp: { callTool(req: { name: string; arguments: Record<string, unknown> }): Promise<unknown> };

export function SearchBox<T extends string>({ initial }: { initial: T }) {
  const [query] = useState<string>(initial);
  useEffect(() => {
    void mcp.callTool({ name: "oddkit", arguments: { action: "search", input: query } });
  }, [query]);
  return <input value={query} readOnly />;
}
