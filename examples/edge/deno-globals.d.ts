// The two Deno APIs the Supabase example uses, declared for typechecking it
// under tsc (Deno itself provides the real ones).
declare namespace Deno {
  function serve(handler: (request: Request) => Response | Promise<Response>): unknown;
  const env: { get(name: string): string | undefined };
}
