// The router as the remotes use it. react-router keeps its state in React context, so the page needs one copy; it is
// not a Module Federation shared module (those ship whole, 62 KB gzip) but reaches the remotes through the kit, which
// the shell provides: the shell's build keeps only these exports. Remotes import them from '@portal/kit'.
export { Link, Navigate, Route, Routes, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
