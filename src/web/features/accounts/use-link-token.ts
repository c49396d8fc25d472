import { useEffect, useState } from 'react';

/**
 * The token of an e-mailed link, read from the fragment (`#token=…`: browsers never send it to a server,
 * a log or a Referer) or, for links sent before, from the query; then wiped from the address bar so
 * analytics and later navigations never see it (issue 9 §7). Null until read in the browser.
 */
export function useLinkToken(): string | null {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => {
    const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token');
    const fromQuery = new URLSearchParams(window.location.search).get('token');
    setToken(fromHash ?? fromQuery ?? '');
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);
  return token;
}
