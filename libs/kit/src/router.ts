import { lazy, type ComponentType } from 'react';
// The router as the remotes use it. react-router keeps its state in React context, so the page needs one copy; it is
// not a Module Federation shared module (those ship whole, 62 KB gzip) but reaches the remotes through the kit, which
// the shell provides: the shell's build keeps only these exports. Remotes import them from '@portal/kit'.
export { Link, Navigate, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';

/** A screen that downloads on its first visit, with the antd parts only it uses: `lazyPage(() => import('./X'), 'X')`. */
// (any props: the page keeps its own prop types in M[K])
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy<M[K]>(async () => ({ default: (await load())[name] }));
}
