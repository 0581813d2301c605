import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

// Whether a navigation opens the new page at its top: yes when it goes to another page (a new
// path), as a link or a redirect after saving does; no when only the query changes (a filter, a
// page of a table: the reader stays where they are), and no on Back/Forward ('POP'), where the
// browser puts the reader back where they were.
export function opensAtTop(previousPath: string | null, nextPath: string, navigationType: 'PUSH' | 'REPLACE' | 'POP'): boolean {
  return previousPath !== null && previousPath !== nextPath && navigationType !== 'POP';
}

// The single-page app keeps the window's scroll position across routes; a new page starts at
// its top, title in view (after Create EyeMail the detail page, not the bottom of the form).
export function useScrollToTopOnNewPage(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (opensAtTop(previous.current, pathname, navigationType)) window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    previous.current = pathname;
  }, [pathname, navigationType]);
}
