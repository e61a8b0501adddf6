import type { Metadata } from 'next';
import ContactForm from '@/features/site/ContactForm';
import css from '@/features/site/site.module.css';

export const metadata: Metadata = { title: 'Contact us' };

/** /contact: the public contact form (spec: contact screen); works signed in or out. */
export default function ContactPage() {
  return (
    <div className={`container page ${css.narrow}`}>
      <h1 className="page-title">Contact us</h1>
      <p className="page-lead">Questions, feedback or a problem with your account? Write to the team — we answer by e-mail.</p>
      <ContactForm />
    </div>
  );
}
