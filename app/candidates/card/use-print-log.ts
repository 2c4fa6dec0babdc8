import {useEffect} from 'react';

/**
 * Printing a card is written to the access log: when printing starts (the card's print button or the
 * browser's own Print, both fire `beforeprint`), the server is told, and it records the print after
 * re-checking that the card is one this user may see (server/audit/print-routes.ts).
 */
export function usePrintLog(profileID: string) {
  useEffect(() => {
    const record = () =>
      void fetch(`/api/profiles/${encodeURIComponent(profileID)}/print`, {
        method: 'POST',
        credentials: 'same-origin',
        keepalive: true, // sent even if the page goes away while the print dialog is open
        headers: {'content-type': 'application/json'},
        body: '{}',
      }).catch(() => {});
    window.addEventListener('beforeprint', record);
    return () => window.removeEventListener('beforeprint', record);
  }, [profileID]);
}
