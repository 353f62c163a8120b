import { useEffect, useState } from "react";
import { supabase } from "../integrations/supabase/client";

interface Handoff {
  uri: string;
  title: string;
}

const Handoffs = () => {
  const [handoffs, setHandoffs] = useState<Handoff[]>([]);

  useEffect(() => {
    supabase.functions
      .invoke("oddkit-proxy", {
        body: { tool: "oddkit_catalog", arguments: { sort_by: "path", limit: 500 } },
      })
      .then(({ data }) => {
        const docs = data.result.articles.filter((a: any) => a.path.startsWith("odd/handoffs/"));
        setHandoffs(docs.map((a: any) => ({ uri: a.uri, title: a.title })));
      });
  }, []);

  return (
    <div className="container mx-auto py-8">
      <h1 className="text-3xl font-bold mb-6">Session handoffs</h1>
      <ul className="space-y-2">
        {handoffs.map((h) => (
          <li key={h.uri} className="border rounded p-3">
            {h.title}
          </li>
        ))}
      </ul>
    </div>
  );
};

export default Handoffs;
