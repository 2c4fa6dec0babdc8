import {useMemo} from 'react';
import {encode} from 'uqr';
import * as m from '../paraglide/messages.js';
import {checkURL} from './schema.ts';

/**
 * Where a printed card leads: a QR code of the public check of this code and ID number, drawn as one
 * SVG path (crisp in print at any size), with the link beneath for those who cannot scan.
 */
export function BonusQR({bonusCode, tz}: {bonusCode: string; tz: string}) {
  const url = checkURL(location.origin, bonusCode, tz);
  const {size, path} = useMemo(() => {
    const {data, size} = encode(url, {border: 2});
    let path = '';
    data.forEach((row, y) => row.forEach((dark, x) => dark && (path += `M${x} ${y}h1v1h-1z`)));
    return {size, path};
  }, [url]);
  return (
    <div className="text-center" data-testid="bonus-qr">
      <svg
        viewBox={`0 0 ${size} ${size}`}
        className="mx-auto size-36 bg-white"
        shapeRendering="crispEdges"
        role="img"
        aria-label={m.bonus_card_scan()}
        data-testid="bonus-qr-code"
      >
        <path d={path} fill="#000" />
      </svg>
      <p className="mt-1 text-xs text-slate-500">{m.bonus_card_scan()}</p>
      <a href={url} dir="ltr" className="mt-1 block text-xs break-all text-brand-700 underline" data-testid="bonus-check-link">
        {url}
      </a>
    </div>
  );
}
