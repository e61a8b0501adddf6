import NotFoundView from '@/components/views/NotFoundView';

/** An unknown, draft, not yet published or hidden video: the one 404 view, inside the shell. */
export default function VideoNotFound() {
  return <NotFoundView />;
}
