// Types of the packages the corpus imports that oddkit-sdk does not depend on
// (what each project gets from its own node_modules or from Deno), reduced to
// the members the corpus uses.
declare namespace Deno {
  const env: { get(name: string): string | undefined };
  function serve(handler: (request: Request) => Response | Promise<Response>): unknown;
}

declare module "https://deno.land/std@0.168.0/http/server.ts" {
  export function serve(handler: (request: Request) => Response | Promise<Response>): void;
}

declare module "react" {
  export type ReactNode = JSX.Element | string | number | boolean | null | undefined | ReactNode[];
  export type FC<P = {}> = (props: P) => JSX.Element | null;
  export function useState<S>(initial: S | (() => S)): [S, (next: S | ((prev: S) => S)) => void];
  export function useEffect(effect: () => void | (() => void), deps?: readonly unknown[]): void;
  export function useMemo<T>(compute: () => T, deps: readonly unknown[]): T;
  export function useCallback<T extends (...args: never[]) => unknown>(fn: T, deps: readonly unknown[]): T;
  export function useRef<T>(initial: T): { current: T };
}

declare namespace JSX {
  interface Element {
    readonly type: unknown;
    readonly props: unknown;
  }
  interface IntrinsicElements {
    [tag: string]: Record<string, unknown>;
  }
  interface ElementChildrenAttribute {
    children: {};
  }
}

declare module "react/jsx-runtime" {
  export function jsx(type: unknown, props: unknown, key?: unknown): JSX.Element;
  export function jsxs(type: unknown, props: unknown, key?: unknown): JSX.Element;
  export const Fragment: unique symbol;
}

declare module "next/server" {
  export class NextRequest extends Request {
    readonly nextUrl: URL;
  }
  export class NextResponse extends Response {
    static json(body: unknown, init?: ResponseInit): NextResponse;
  }
}

declare module "next/navigation" {
  export function notFound(): never;
}

declare module "next" {
  export interface MetadataRoute {}
  export namespace MetadataRoute {
    type Sitemap = Array<{ url: string; lastModified?: string | Date }>;
  }
}

interface RequestInit {
  /** Next.js data cache options on fetch. */
  next?: { revalidate?: number | false; tags?: string[] };
}

declare module "axios" {
  export interface AxiosResponse<T = any> {
    data: T;
    status: number;
  }
  export interface AxiosRequestConfig {
    baseURL?: string;
    headers?: Record<string, string>;
    params?: Record<string, unknown>;
    timeout?: number;
  }
  export interface AxiosInstance {
    get<T = any>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
    post<T = any>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>>;
  }
  const axios: AxiosInstance & { create(config?: AxiosRequestConfig): AxiosInstance };
  export default axios;
}

declare module "@supabase/supabase-js" {
  export interface SupabaseClient {
    functions: {
      invoke<T = any>(
        name: string,
        options?: { body?: unknown; headers?: Record<string, string> },
      ): Promise<{ data: T | null; error: { message: string } | null }>;
    };
  }
  export function createClient(url: string, key: string): SupabaseClient;
}

declare module "https://esm.sh/@supabase/supabase-js@2" {
  export * from "@supabase/supabase-js";
}

interface ImportMeta {
  /** Vite's build-time environment (VITE_* variables). */
  readonly env?: Record<string, string | undefined>;
}

declare module "server-only";

declare module "$env/dynamic/private" {
  export const env: Record<string, string | undefined>;
}
