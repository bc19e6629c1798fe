/**
 * What federation shares under the name 'react-router-dom': the part of the
 * router the product uses, not the whole package. A shared module keeps every
 * export it has, and all of react-router 7 is 61 KB gzip on the landing page;
 * this door is about 15 KB (the same trick as @campus/shared/ui for Chakra).
 * Apps still write `import { Link } from 'react-router-dom'`; the build checks
 * (create-config.cjs) that every name they import is listed here.
 */
export {
  BrowserRouter,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useNavigate,
  useLocation,
  useParams,
  useSearchParams,
  useMatch,
  useHref,
  useInRouterContext,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useResolvedPath,
  useRoutes,
  matchPath,
  matchRoutes,
  generatePath,
  resolvePath,
  createSearchParams,
} from 'react-router';
