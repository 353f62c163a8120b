/**
 * Drivers: how a corpus file is exercised the way its caller would, and what
 * it returned to that caller, as plain JSON (the value compared between the
 * legacy run of the original and the contract run of the migrated file).
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Driver } from "./manifest.js";
import type { RealworldRuntime } from "./runtime.js";

export type Load = (file: string) => Promise<Record<string, unknown>>;

export interface DriverContext {
  readonly runtime: RealworldRuntime;
  readonly load: Load;
  /** Absolute path of the entry file in the copy being run. */
  readonly entry: string;
  /** The copy's node_modules (for the react stub's renderer). */
  readonly nodeModules: string;
}

/** JSON-safe snapshot of a value: what the caller could observe (functions dropped, undefined kept out). */
export function plain(value: unknown): unknown {
  if (value === undefined) return { $undefined: true };
  return JSON.parse(
    JSON.stringify(value, (_k, v) => {
      if (v instanceof Map) return { $map: [...v.entries()] };
      if (v instanceof Set) return { $set: [...v] };
      if (typeof v === "bigint") return `${v}n`;
      return v;
    }) ?? "null",
  );
}

/**
 * Driver arguments are JSON; a few values a caller passes are not: `{ "$url": "…" }` becomes a URL,
 * `{ "$fetch": true }` the global fetch (a framework's fetch, as SvelteKit hands load functions) and
 * `{ "$calls": true }` an object whose every member, at any depth, is a function resolving to
 * undefined (the `github` and `core` that actions/github-script hands a script: their effects are not
 * what the script returns).
 */
export function revive(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(revive);
  if (value === null || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  if (typeof record.$url === "string") return new URL(record.$url);
  if (record.$fetch === true)
    return (input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init);
  if (record.$calls === true) return anyCalls();
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, revive(v)]));
}

function anyCalls(): unknown {
  const target = () => undefined;
  return new Proxy(target, {
    get: (_t, key) => (key === "then" ? undefined : anyCalls()),
    apply: async () => undefined,
  });
}

function pick(module: Record<string, unknown>, path: string): unknown {
  let value: unknown = module;
  for (const part of path.split(".")) {
    if (value === null || value === undefined) break;
    value = (value as Record<string, unknown>)[part];
  }
  if (value === undefined) throw new Error(`realworld driver: the module has no export ${path}`);
  return value;
}

function thisOf(module: Record<string, unknown>, path: string): unknown {
  const parts = path.split(".");
  if (parts.length === 1) return undefined;
  return pick(module, parts.slice(0, -1).join("."));
}

async function responseValue(res: Response): Promise<unknown> {
  const text = await res.text();
  const contentType = res.headers.get("content-type") ?? "";
  let body: unknown = text;
  if (contentType.includes("json")) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: res.status, body };
}

/** The request a framework hands its handler (with Next.js's `nextUrl`, which route handlers read). */
function requestOf(r: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: unknown;
}): Request {
  const request = new Request(r.url, {
    method: r.method,
    headers: r.body !== undefined ? { "content-type": "application/json", ...r.headers } : r.headers,
    body: r.body === undefined ? null : typeof r.body === "string" ? r.body : JSON.stringify(r.body),
  });
  Object.defineProperty(request, "nextUrl", { value: new URL(r.url) });
  return request;
}

/** Errors are part of what a caller sees: reported by name and message, not thrown. */
async function caught(work: () => Promise<unknown>): Promise<unknown> {
  try {
    return plain(await work());
  } catch (error) {
    const e = error as Error;
    return { $threw: `${e?.name ?? "Error"}: ${e?.message ?? String(error)}` };
  }
}

interface ReactStub {
  __renderTree(
    element: unknown,
    options: { settle: () => Promise<void>; server?: boolean },
  ): Promise<unknown>;
  createElement(type: unknown, props: unknown): unknown;
}

export async function runDriver(driver: Driver, ctx: DriverContext): Promise<unknown> {
  const { runtime, load, entry } = ctx;
  switch (driver.kind) {
    case "call":
      return caught(async () => {
        const module = await load(entry);
        const exported = pick(module, driver.export);
        if (driver.construct) {
          const Ctor = exported as new (...args: unknown[]) => Record<string, (...a: unknown[]) => unknown>;
          const instance = new Ctor(...(revive(driver.construct) as unknown[]));
          const method = instance[driver.method ?? ""];
          if (typeof method !== "function") throw new Error(`realworld driver: no method ${driver.method}`);
          return await method.apply(instance, revive(driver.args) as unknown[]);
        }
        return await (exported as (...a: unknown[]) => unknown).apply(
          thisOf(module, driver.export),
          revive(driver.args) as unknown[],
        );
      });
    case "request":
      return caught(async () => {
        const module = await load(entry);
        const handler = pick(module, driver.export) as (...a: unknown[]) => Promise<Response>;
        const res = await handler.call(
          thisOf(module, driver.export),
          requestOf(driver.request),
          ...(revive(driver.extraArgs) as unknown[]),
        );
        return responseValue(res);
      });
    case "serve":
      return caught(async () =>
        responseValue(await (await runtime.serveHandlerOf(entry))(requestOf(driver.request))),
      );
    case "script": {
      const lines: string[] = [];
      const log = console.log;
      const write = process.stdout.write;
      const exit = process.exit;
      const argv = process.argv;
      console.log = (...args: unknown[]) => {
        lines.push(args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" "));
      };
      process.stdout.write = ((chunk: string | Uint8Array) => {
        lines.push(String(chunk).replace(/\n$/, ""));
        return true;
      }) as typeof process.stdout.write;
      process.exit = ((code?: number) => {
        throw new Error(`process.exit(${code ?? 0})`);
      }) as typeof process.exit;
      process.argv = [argv[0]!, entry, ...driver.argv];
      try {
        const outcome = await caught(async () => {
          await load(entry);
          await runtime.settle();
        });
        return {
          output: lines,
          ...(outcome && typeof outcome === "object" && "$threw" in outcome ? outcome : {}),
        };
      } finally {
        console.log = log;
        process.stdout.write = write;
        process.exit = exit;
        process.argv = argv;
      }
    }
    case "hook":
    case "render": {
      const react = (await import(pathToFileURL(join(ctx.nodeModules, "react/index.js")).href)) as ReactStub;
      return caught(async () => {
        const module = await load(entry);
        const settle = () => runtime.settle();
        if (driver.kind === "hook") {
          const hook = pick(module, driver.export) as (...a: unknown[]) => unknown;
          let last: unknown;
          const Probe = () => {
            last = hook(...(revive(driver.args) as unknown[]));
            return null;
          };
          await react.__renderTree(react.createElement(Probe, {}), { settle });
          return last;
        }
        const component = pick(module, driver.export);
        return react.__renderTree(react.createElement(component, driver.props), { settle, server: true });
      });
    }
    case "widget":
      return caught(async () => {
        const module = await load(entry);
        const element = new FakeElement();
        await (pick(module, driver.export) as (...a: unknown[]) => unknown)(
          element,
          ...(revive(driver.args) as unknown[]),
        );
        await runtime.settle();
        return { innerHTML: element.innerHTML, textContent: element.textContent, hidden: element.hidden };
      });
  }
}

/** The little of a DOM element the widgets use: innerHTML/textContent, attributes, listeners, classList. */
class FakeElement {
  innerHTML = "";
  hidden = false;
  readonly dataset: Record<string, string> = {};
  private readonly attributes = new Map<string, string>();
  private readonly classes = new Set<string>();
  get textContent(): string {
    return this.innerHTML.replace(/<[^>]*>/g, "");
  }
  set textContent(value: string) {
    this.innerHTML = value.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  }
  readonly classList = {
    add: (...c: string[]) => {
      for (const x of c) this.classes.add(x);
    },
    remove: (...c: string[]) => {
      for (const x of c) this.classes.delete(x);
    },
    toggle: (c: string, on?: boolean) => {
      if (on ?? !this.classes.has(c)) this.classes.add(c);
      else this.classes.delete(c);
    },
    contains: (c: string) => this.classes.has(c),
  };
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  addEventListener() {}
  removeEventListener() {}
  querySelector() {
    return null;
  }
}
