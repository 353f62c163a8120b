/**
 * Stand-in for `@supabase/supabase-js` (realworld harness only):
 * `createClient(url, key).functions.invoke(name, { body })` runs the
 * project's own edge function `name` in process (the harness registers the
 * project's `supabase/functions` folder) and resolves `{ data, error }`.
 */
export function createClient(url, key, _options) {
  if (!url || !key) throw new Error("supabaseUrl and supabaseKey are required.");
  return {
    functions: {
      async invoke(name, options = {}) {
        const runtime = globalThis.__oddkitRealworld;
        if (!runtime) throw new Error("supabase stub: no realworld runtime installed");
        const res = await runtime.invokeFunction(name, options.body ?? null, options.headers ?? {});
        const text = await res.text();
        let data = text;
        try {
          data = JSON.parse(text);
        } catch {
          data = text;
        }
        if (res.status < 200 || res.status >= 300) {
          return {
            data: null,
            error: {
              name: "FunctionsHttpError",
              message: "Edge Function returned a non-2xx status code",
              context: res,
            },
          };
        }
        return { data, error: null };
      },
    },
  };
}
