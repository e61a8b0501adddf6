import type { SitePage } from '@stagepass/shared';
import { sanitizePageHtml } from '@stagepass/shared/rich-text';
import css from './site.module.css';

/**
 * One of the operator's static pages (terms, privacy, FAQ…), rendered on the server. The body was
 * sanitised by the API when stored; it goes through the same page allow-list again here (free on
 * the server, and an old or tampered row still cannot inject markup).
 */
export default function StaticPage({ page }: { page: SitePage }) {
  const updated = new Date(page.updatedAt).toLocaleDateString('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return (
    <article className={`container page ${css.narrow}`} aria-labelledby="static-page-title">
      <h1 className="page-title" id="static-page-title">
        {page.title}
      </h1>
      <p className="page-lead">Last updated {updated}</p>
      <div className={`${css.sheet} ${css.prose}`} dangerouslySetInnerHTML={{ __html: sanitizePageHtml(page.body) }} />
    </article>
  );
}
