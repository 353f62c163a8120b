/** Stand-in for Deno's `https://deno.land/std@0.168.0/http/server.ts` (realworld harness only): `serve(handler)` hands the handler to the harness. */
export function serve(handler) {
  const runtime = globalThis.__oddkitRealworld;
  if (!runtime) throw new Error("deno std stub: no realworld runtime installed");
  runtime.captureServe(handler);
}
