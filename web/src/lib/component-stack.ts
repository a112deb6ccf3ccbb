import { options } from 'preact';

/*
 * React hands an error boundary the components around a render error (`componentStack`), which
 * the error reports keep (lib/error-reporter.ts). Preact fills it only with preact/debug, which
 * a production build does not load; this hook fills it from the rendering tree's parents (their
 * names, as React's production stacks give them). The one place the app reaches into Preact:
 * `__e` (its catch-error hook) and `__` (a vnode's parent) are the stable mangled names that
 * preact/debug and Preact's devtools use too; check them when upgrading Preact (the
 * error-reporting e2e test fails without a stack).
 */
type VNode = { type: unknown; __?: VNode | null };
type ErrorInfo = { componentStack?: string };
type CatchError = (error: unknown, vnode: VNode, oldVNode?: unknown, info?: ErrorInfo) => void;

const hooks = options as unknown as { __e: CatchError };
const next = hooks.__e;

hooks.__e = (error, vnode, oldVNode, info) => {
  // A thrown promise is Suspense waiting for a lazy screen, not an error.
  const suspended = typeof (error as PromiseLike<unknown> | null)?.then === 'function';
  if (!suspended && !info?.componentStack)
    info = { ...info, componentStack: componentStack(vnode) };
  next(error, vnode, oldVNode, info);
};

function componentStack(vnode: VNode | null | undefined): string {
  let stack = '';
  for (let node = vnode, depth = 0; node && depth < 40; node = node.__, depth += 1) {
    const type = node.type as ((...args: never[]) => unknown) & { displayName?: string };
    if (typeof type === 'function')
      stack += `\n    in ${type.displayName || type.name || 'Anonymous'}`;
  }
  return stack;
}
