import NotFoundPage from '@/shell/NotFoundPage';

/** Unknown routes: the same 404 view, in the same shell, as an unknown creator page. */
export default function NotFound() {
  return <NotFoundPage />;
}
