import type { Metadata } from 'next';
import AdminConversation from '@/features/admin-reads/AdminConversation';

export const metadata: Metadata = { title: 'Conversation' };

/** /admin/conversations/{id}?user={userId}: one private conversation, read only — an audited read (admin guard: the console's layout). */
export default async function AdminConversationPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ user?: string | string[] }> }) {
  const [{ id }, { user }] = await Promise.all([params, searchParams]);
  return <AdminConversation id={id} from={typeof user === 'string' && /^[0-9a-f-]{36}$/i.test(user) ? user : undefined} />;
}
