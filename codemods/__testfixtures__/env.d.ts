// Ambient declarations for typechecking the fixture outputs: JSX without a UI library.
declare namespace JSX {
  interface IntrinsicElements {
    [element: string]: Record<string, unknown>;
  }
  type Element = unknown;
}
declare module "react" {
  export function useState<T>(initial: T): [T, (next: T) => void];
  export function useEffect(effect: () => void, deps: unknown[]): void;
}
