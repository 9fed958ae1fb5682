// [ROUTE-01, ROUTE-02] '/' has no header and only sends the visitor to the marketing site
// (the server redirects '/' too; this covers a client-side navigation to '/').
import { useEffect } from 'react';
import { getRuntimeConfig } from '../../lib/runtime-config';

export function HomeRedirect() {
  const { marketingUrl } = getRuntimeConfig();
  useEffect(() => {
    window.location.replace(marketingUrl);
  }, [marketingUrl]);
  return null;
}
