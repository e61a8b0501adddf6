'use client';
import SectionCard from '@/components/SectionCard';
import BlockedCountries from './BlockedCountries';
import BlockedUsersTable from './BlockedUsersTable';
import width from '@/components/layouts/page-width.module.css';

/** /creator/blocked: the countries a creator hides from, and the users they blocked. */
export default function CreatorBlockedPage() {
  return (
    <div className={`container page ${width.w920}`}>
      <h1 className="page-title">Blocked</h1>
      <p className="page-lead">Hide your page from whole countries, and manage the people you blocked.</p>
      <SectionCard title="Blocked countries" description="Visitors from these countries (by their internet address) don't see your page, posts or profile.">
        <BlockedCountries />
      </SectionCard>
      <SectionCard title="Blocked users" description="They can't see your page or posts or message you, and you don't see theirs.">
        <BlockedUsersTable />
      </SectionCard>
    </div>
  );
}
