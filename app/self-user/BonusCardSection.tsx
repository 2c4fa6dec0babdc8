import {useEffect, useState} from 'react';
import {Gift, Printer} from 'lucide-react';
import type {Ineligible} from '../benefit-cards/eligibility.ts';
import {cardPageURL, type BonusCard} from '../benefit-cards/schema.ts';
import {call} from '../login/api.ts';
import {loginErrorText} from '../login/errors.ts';
import {Button} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';
import {notify} from '../ui/notify.ts';

type BonusState = {card: BonusCard | null; refusal: Ineligible | null};

/** Why no card is due, as the candidate reads it (app/benefit-cards/eligibility.ts). */
const REFUSAL_TEXT: Record<Ineligible, () => string> = {
  notEngaged: m.bonus_refusal_notEngaged,
  noIDNumber: m.bonus_refusal_noIDNumber,
  hasLiveCard: m.bonus_refusal_hasLiveCard,
  ticketOpen: m.bonus_refusal_ticketOpen,
};
const isRefusal = (error: string): error is Ineligible => error in REFUSAL_TEXT;

/**
 * The self-user home's bonus-card action (spec §2, §4): shown once the ticket is closed. A card that is
 * due is issued here (POST /api/users/self-user/bonus), then opened on the bonus card page to view and
 * print; otherwise the rule that holds it back.
 */
export function BonusCardSection({ticketID}: {ticketID: string}) {
  const [bonus, setBonus] = useState<BonusState>();
  const [issuing, setIssuing] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    void call<BonusState>('/api/users/self-user/bonus', undefined, 'GET').then(result => {
      if (result.ok) setBonus(result.data);
      else setError(loginErrorText(result.error, result.message));
    });
  }, []);

  async function issue() {
    setIssuing(true);
    const result = await call<{card: BonusCard}>('/api/users/self-user/bonus', {peopleId: ticketID});
    setIssuing(false);
    if (result.ok) {
      notify('success', m.bonus_self_issued());
      return setBonus({card: result.data.card, refusal: null});
    }
    if (isRefusal(result.error)) return setBonus({card: null, refusal: result.error});
    setError(loginErrorText(result.error, result.message));
  }

  if (!bonus && !error) return null;
  return (
    <section className="space-y-3 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-200" data-testid="bonus-section">
      <h2 className="flex items-center gap-2 font-semibold text-slate-900">
        <Gift className="size-5 text-brand-700" aria-hidden />
        {m.bonus_self_title()}
      </h2>
      {error && (
        <p role="alert" className="text-sm text-rose-700">
          {error}
        </p>
      )}
      {bonus?.card ? (
        <a
          href={cardPageURL(bonus.card.bonusCode, bonus.card.Tz)}
          className="flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-3.5 py-2.5 text-sm font-medium text-white shadow-sm hover:bg-brand-800"
          data-testid="bonus-view"
        >
          <Printer className="size-4" aria-hidden />
          {m.bonus_self_view()}
        </a>
      ) : bonus?.refusal ? (
        <p className="text-sm text-slate-700" data-testid="bonus-refusal">
          {REFUSAL_TEXT[bonus.refusal]()}
        </p>
      ) : (
        bonus && (
          <>
            <p className="text-sm text-slate-700">{m.bonus_self_due()}</p>
            <Button className="w-full py-2.5" disabled={issuing} onClick={() => void issue()} data-testid="bonus-issue">
              <Gift className="size-4" aria-hidden />
              {m.bonus_self_issue()}
            </Button>
          </>
        )
      )}
    </section>
  );
}
