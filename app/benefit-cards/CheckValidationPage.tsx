import {CheckCircle2} from 'lucide-react';
import {AuthFrame} from '../ui/AuthFrame.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import * as m from '../paraglide/messages.js';
import {CardDetails} from './CardDetails.tsx';
import {CheckError, CheckLoading} from './CheckStates.tsx';
import {useBonusCheck} from './use-bonus-check.ts';

/**
 * Spec §2 bonuses/check-validation: anyone (a shop, a hall) opens the link of a card's QR code, or types
 * bonusCode and tz into the query. Loading, then a green check with the card's details, or the server's
 * error in red with an exclamation mark.
 */
export function CheckValidationPage() {
  usePageTitle(m.bonus_check_title());
  const check = useBonusCheck();
  return (
    <AuthFrame title={m.bonus_check_title()}>
      <div data-testid="bonus-check" data-state={check.state} aria-live="polite">
        {check.state === 'loading' && <CheckLoading />}
        {check.state === 'valid' && (
          <div className="space-y-5">
            <p className="flex items-center gap-2 text-lg font-semibold text-emerald-700" data-testid="bonus-valid">
              <CheckCircle2 className="size-8 shrink-0" aria-hidden />
              {m.bonus_check_valid()}
            </p>
            <div className="rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200">
              <CardDetails card={check.card} />
            </div>
          </div>
        )}
        {check.state === 'error' && <CheckError message={check.message} />}
      </div>
    </AuthFrame>
  );
}
