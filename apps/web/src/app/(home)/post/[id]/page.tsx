import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { guardPage } from '@/lib/server/guard';
import SinglePost from '@/features/feeds/SinglePost';

export const metadata: Metadata = { title: 'Post' };

export default async function PostPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) notFound();
  await guardPage({});
  return <SinglePost id={id} />;
}
