import { useEffect, useState } from "react";
import { supabase } from "../integrations/supabase/client";

export interface Essay {
  uri: string;
  title: string;
  date: string | null;
}

export const useEssays = () => {
  const [essays, setEssays] = useState<Essay[]>([]);
  const [isLoading, setIsLoading] = useState(true);

  useEffect(() => {
    const fetchEssays = async () => {
      try {
        const { data, error } = await supabase.functions.invoke("oddkit-proxy", {
          body: {
            tool: "oddkit_catalog",
            arguments: { sort_by: "date", limit: 500, include_metadata: true },
          },
        });
        if (error) throw error;

        const { result: { articles, pagination } } = data;
        console.log(`Loaded ${articles.length} of ${pagination.total_candidates} documents`);

        setEssays(
          articles
            .filter((a: any) => a.metadata.audience === "public")
            .map((a: any) => ({ uri: a.uri, title: a.title, date: a.metadata.date ?? null })),
        );
      } catch (err) {
        console.error("Error fetching essays:", err);
      } finally {
        setIsLoading(false);
      }
    };

    fetchEssays();
  }, []);

  return { essays, isLoading };
};
