import { useEffect } from 'react';

// Keeps the browser's back button on the current page (spec 02: disabled on /signin): an extra
// history entry is pushed, and pushed again whenever back pops it.
export function useDisableBackButton(): void {
  useEffect(() => {
    const pin = () => window.history.pushState(window.history.state, '', window.location.href);
    pin();
    window.addEventListener('popstate', pin);
    return () => window.removeEventListener('popstate', pin);
  }, []);
}
