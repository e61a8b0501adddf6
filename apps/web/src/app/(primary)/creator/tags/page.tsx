import { redirect } from 'next/navigation';

/** /creator/tags: the tag requests live on /creator/releases (tab `Tag requests`). */
export default function CreatorTagsPage() {
  redirect('/creator/releases?tab=tags');
}
