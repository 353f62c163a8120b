/**
 * Stand-in for `react` (realworld harness only): elements as plain objects and
 * a hooks runtime (useState, useEffect, useMemo, useCallback, useRef,
 * useReducer, useContext) driven by `__renderTree`, which renders a tree,
 * runs effects, waits for the work they start and re-renders until nothing
 * changes. Enough to run a hook or component and read what it shows; no DOM.
 */
export const Fragment = Symbol.for("react.fragment");

export function createElement(type, props, ...children) {
  const all = { ...(props ?? {}) };
  if (children.length === 1) all.children = children[0];
  else if (children.length > 1) all.children = children;
  return { $$typeof: "element", type, key: all.key ?? null, props: all };
}

// Render state lives on globalThis: the harness and the corpus may load this file as two module instances.
globalThis.__reactStubState ??= { frame: null, dirty: false, instances: new Map() };
const state = globalThis.__reactStubState;

function hookSlot(init) {
  const { frame } = state;
  if (!frame) throw new Error("react stub: hooks may only be called while rendering a component");
  const { instance } = frame;
  const i = frame.index++;
  if (instance.hooks.length <= i) instance.hooks.push(init());
  return instance.hooks[i];
}

export function useState(initial) {
  const slot = hookSlot(() => ({ value: typeof initial === "function" ? initial() : initial }));
  if (!slot.set) {
    slot.set = (next) => {
      const value = typeof next === "function" ? next(slot.value) : next;
      if (!Object.is(value, slot.value)) {
        slot.value = value;
        state.dirty = true;
      }
    };
  }
  return [slot.value, slot.set];
}

export function useReducer(reducer, initialArg, init) {
  const [state, setState] = useState(() => (init ? init(initialArg) : initialArg));
  return [state, (action) => setState((s) => reducer(s, action))];
}

const sameDeps = (a, b) =>
  a !== undefined && b !== undefined && a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

export function useEffect(effect, deps) {
  const slot = hookSlot(() => ({ deps: undefined, cleanup: undefined, first: true }));
  if (slot.first || !sameDeps(slot.deps, deps)) {
    slot.first = false;
    slot.deps = deps;
    state.frame.instance.pending.push(() => {
      if (typeof slot.cleanup === "function") slot.cleanup();
      slot.cleanup = effect();
    });
  }
}
export const useLayoutEffect = useEffect;

export function useMemo(compute, deps) {
  const slot = hookSlot(() => ({ deps: undefined, value: undefined, first: true }));
  if (slot.first || !sameDeps(slot.deps, deps)) {
    slot.first = false;
    slot.deps = deps;
    slot.value = compute();
  }
  return slot.value;
}

export const useCallback = (fn, deps) => useMemo(() => fn, deps);

export function useRef(initial) {
  return hookSlot(() => ({ current: initial }));
}

export function createContext(defaultValue) {
  const context = { defaultValue };
  context.Provider = ({ children }) => children;
  return context;
}
export const useContext = (context) => context.defaultValue;
export const memo = (component) => component;
export const forwardRef = (render) => (props) => render(props, null);
export const Suspense = ({ children }) => children;
export const StrictMode = ({ children }) => children;

async function renderNode(node, path, pending, server) {
  if (node === null || node === undefined || typeof node === "boolean") return [];
  if (typeof node === "string" || typeof node === "number") return [String(node)];
  if (Array.isArray(node)) {
    const out = [];
    for (let i = 0; i < node.length; i++)
      out.push(...(await renderNode(node[i], `${path}.${i}`, pending, server)));
    return out;
  }
  if (typeof node.then === "function") return renderNode(await node, path, pending, server);
  if (node.$$typeof !== "element") throw new Error(`react stub: cannot render ${JSON.stringify(node)}`);
  const { type, props } = node;
  if (type === Fragment) return renderNode(props.children, `${path}.f`, pending, server);
  if (typeof type === "function") {
    const key = `${path}/${type.name}`;
    let instance = state.instances.get(key);
    if (!instance) {
      instance = { hooks: [], pending: [] };
      state.instances.set(key, instance);
    }
    state.frame = { instance, index: 0 };
    let out;
    try {
      out = type(props);
    } finally {
      state.frame = null;
    }
    if (out && typeof out.then === "function") {
      if (!server) throw new Error(`react stub: ${type.name} is async; only server components may be`);
      out = await out;
    }
    pending.push(...instance.pending.splice(0));
    return renderNode(out, key, pending, server);
  }
  const attributes = {};
  for (const [name, value] of Object.entries(props)) {
    if (name === "children" || name === "key" || typeof value === "function") continue;
    attributes[name] = value;
  }
  return [
    {
      type,
      props: attributes,
      children: await renderNode(props.children, `${path}/${type}`, pending, server),
    },
  ];
}

/**
 * Render `element` until it settles: effects run after each render, `settle()`
 * (the harness waits for in-flight requests) runs between passes, and a state
 * change renders again. Returns the rendered tree (host elements and text).
 */
export async function __renderTree(element, { settle, server = false, maxPasses = 50 } = {}) {
  state.instances.clear();
  let tree = [];
  for (let pass = 0; pass < maxPasses; pass++) {
    state.dirty = false;
    const pending = [];
    tree = await renderNode(element, "root", pending, server);
    for (const run of pending) run();
    await settle();
    if (!state.dirty) return tree;
  }
  throw new Error(`react stub: still re-rendering after ${maxPasses} passes`);
}

export default {
  Fragment,
  createElement,
  useState,
  useReducer,
  useEffect,
  useLayoutEffect,
  useMemo,
  useCallback,
  useRef,
  createContext,
  useContext,
  memo,
  forwardRef,
  Suspense,
  StrictMode,
};
