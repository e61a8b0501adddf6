import NotFoundView from '@/components/views/NotFoundView';

/** An unknown, inactive or hidden product: the one 404 view, inside the (home) shell. */
export default function ProductNotFound() {
  return <NotFoundView />;
}
