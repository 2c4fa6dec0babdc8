import {useEffect, useState} from 'react';

let isValidPhoneNumber: ((phone: string, country: 'IL') => boolean) | undefined;

/**
 * Whether `phone` is a valid number (Israeli unless it starts with +), by libphonenumber: its code and metadata
 * (29 kB of the sign-in page's script) are fetched once there is something to check, so the page draws without
 * them (issue 35). Until they are there the number is not valid yet; the server checks it again in any case.
 */
export function usePhoneValid(phone: string): boolean {
  const [, setLoaded] = useState(isValidPhoneNumber !== undefined);
  const wanted = phone !== '';
  useEffect(() => {
    if (!wanted || isValidPhoneNumber) return;
    let mounted = true;
    void import('libphonenumber-js/min').then(lib => {
      isValidPhoneNumber = lib.isValidPhoneNumber;
      if (mounted) setLoaded(true);
    });
    return () => void (mounted = false);
  }, [wanted]);
  return isValidPhoneNumber?.(phone, 'IL') ?? false;
}
