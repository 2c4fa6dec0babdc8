import * as m from '../paraglide/messages.js';
import {checkURL} from './schema.ts';

/**
 * Where a printed card leads: the public check of this code and ID number. Until a QR library is added
 * (none is installed), the link is printed as text beside the scan prompt, so the card still works.
 */
export function BonusQR({bonusCode, tz}: {bonusCode: string; tz: string}) {
  const url = checkURL(location.origin, bonusCode, tz);
  return (
    <div className="text-center" data-testid="bonus-qr">
      <p className="text-xs text-slate-500">{m.bonus_card_scan()}</p>
      <a href={url} dir="ltr" className="mt-1 block text-xs break-all text-brand-700 underline" data-testid="bonus-check-link">
        {url}
      </a>
    </div>
  );
}
