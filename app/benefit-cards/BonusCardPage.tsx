import {Printer} from 'lucide-react';
import {AuthFrame} from '../ui/AuthFrame.tsx';
import {Button} from '../ui/controls.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import * as m from '../paraglide/messages.js';
import {BonusQR} from './BonusQR.tsx';
import {CardDetails} from './CardDetails.tsx';
import {CheckError, CheckLoading} from './CheckStates.tsx';
import {useBonusCheck} from './use-bonus-check.ts';

/**
 * Spec §2 "Bonus card page": the card named by bonusCode and tz in the query, read on entry through the
 * public check (so it shows only a live card whose code and ID number match), else the §8 not-found
 * message. Printing leaves only the card: the frame's background and bar and the button drop out (print: variants).
 */
export function BonusCardPage() {
  usePageTitle(m.bonus_card_title());
  const check = useBonusCheck();
  return (
    <AuthFrame>
      {check.state === 'loading' && <CheckLoading />}
      {check.state === 'error' && <CheckError message={check.message} />}
      {check.state === 'idle' && <CheckError message={m.bonus_not_found()} />}
      {check.state === 'valid' && (
        <div className="space-y-5" data-testid="bonus-card">
          <article className="rounded-2xl border-2 border-brand-700 p-5 print:break-inside-avoid">
            <header className="mb-4 flex items-center gap-3 border-b border-slate-200 pb-3">
              <img src="/favicon.svg" alt="" className="size-10" />
              <div>
                <h1 className="text-xl font-semibold text-slate-900">{m.bonus_card_title()}</h1>
                <p className="text-xs text-slate-500">{m.bonus_card_brand()}</p>
              </div>
            </header>
            <CardDetails card={check.card} />
            <div className="mt-5 border-t border-slate-200 pt-4">
              <BonusQR bonusCode={check.card.bonusCode} tz={check.card.Tz} />
            </div>
          </article>
          <Button className="w-full py-2.5 print:hidden" onClick={() => print()} data-testid="bonus-print">
            <Printer className="size-4" aria-hidden />
            {m.bonus_card_print()}
          </Button>
        </div>
      )}
    </AuthFrame>
  );
}
