import NotFoundView from '@/components/views/NotFoundView';

export default function ProfileNotFound() {
  return <NotFoundView />;
}
