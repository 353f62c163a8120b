import { NextRequest, NextResponse } from "next/server";
import { oddkit } from "../../../lib/oddkit";
import type { SearchResult } from "../../../lib/types";

export async function GET(request: NextRequest) {
  const q = request.nextUrl.searchParams.get("q")?.trim();
  if (!q) {
    return NextResponse.json({ hits: [] });
  }

  const result = await oddkit<SearchResult>("oddkit_search", { input: q, limit: 5, include: ["canon", "docs", "journals", "essays", "apocrypha"] });

  return NextResponse.json({
    query: q,
    hits: result.data.map((h) => ({ title: h.title, uri: h.uri, score: h.score })),
  });
}
