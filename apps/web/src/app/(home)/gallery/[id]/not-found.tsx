import NotFoundView from '@/components/views/NotFoundView';

/** An unknown or hidden gallery: the one 404 view, inside the (home) shell (the root one brings its own shell). */
export default function GalleryNotFound() {
  return <NotFoundView />;
}
