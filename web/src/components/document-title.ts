import { useEffect } from 'react';

export const SITE_TITLE = 'EyeMail';

// "Settings | Account | EyeMail": page title, module name, site title (spec 02 section 2).
export function formatDocumentTitle(page?: string | null, module?: string | null): string {
  return [page, module, SITE_TITLE]
    .map((part) => (part ?? '').trim())
    .filter((part, i, all) => part !== '' && all.indexOf(part) === i)
    .join(' | ');
}

export function useDocumentTitle(page?: string | null, module?: string | null): void {
  useEffect(() => {
    document.title = formatDocumentTitle(page, module);
  }, [page, module]);
}
