import NotFoundView from '@/components/views/NotFoundView';

/** An unknown, deleted, scheduled or hidden post: the one 404 view, inside the (home) shell. */
export default function PostNotFound() {
  return <NotFoundView />;
}
