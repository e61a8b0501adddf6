import AppShell from '@/shell/AppShell';
import ClientExtrasLoader from '@/components/ClientExtrasLoader';
import NotFoundView from '@/components/views/NotFoundView';

/** Unknown routes: the same 404 view, in the same shell, as an unknown creator page. */
export default function NotFound() {
  return (
    <AppShell>
      <NotFoundView />
      <ClientExtrasLoader />
    </AppShell>
  );
}
