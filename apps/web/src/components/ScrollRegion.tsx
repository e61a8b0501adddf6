import type { CSSProperties, ReactNode } from 'react';

/**
 * A box that scrolls (a wide or tall table): focusable and named, so a keyboard user can scroll it
 * with the arrow keys and a screen reader announces what it holds (WCAG 2.1.1; axe
 * scrollable-region-focusable).
 */
export default function ScrollRegion({ label, className, style, children }: { label: string; className?: string; style?: CSSProperties; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must take the focus to be scrolled without a mouse (axe scrollable-region-focusable); jsx-a11y does not know scrolling
    <div role="region" aria-label={label} tabIndex={0} className={className} style={style}>
      {children}
    </div>
  );
}
