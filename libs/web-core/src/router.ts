// The router for the whole page. react-router keeps its state in React context, so the page needs one copy: the
// remotes and libraries take it from here (the shared core), never from 'react-router-dom' (an ESLint rule says so).
export {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
