import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Dashboard' };

/** /admin: the console's home (the dashboard lands here next). */
export default function AdminHomePage() {
  return (
    <div className="page">
      <h1 className="page-title">Dashboard</h1>
    </div>
  );
}
