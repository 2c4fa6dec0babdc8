import {useQuery, useZero} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {Ban, Gift} from 'lucide-react';
import {useDeferredValue, useState} from 'react';
import {toast} from '../lib/toast.ts';
import {formatLocalDate} from '../lib/dates.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {benefitCardQueries} from './queries.ts';
import {Button, SearchInput, Select} from '../ui/controls.tsx';
import {useConfirm} from '../ui/confirm.tsx';
import {EmptyState} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import * as m from '../paraglide/messages.js';
import {ELIGIBILITY_RULES, type Ineligible} from './eligibility.ts';
import {IssueCardForm} from './IssueCardForm.tsx';

type Listed = ReturnType<typeof useListed>[0][number];
const useListed = () => useQuery(benefitCardQueries.all());

/** The rules of app/benefit-cards/eligibility.ts, as the office reads them. */
const RULE_TEXT: Record<Ineligible, () => string> = {
  notEngaged: m.bonus_rule_notEngaged,
  noIDNumber: m.bonus_rule_noIDNumber,
  hasLiveCard: m.bonus_rule_hasLiveCard,
  ticketOpen: m.bonus_rule_ticketOpen,
};

type Shown = 'all' | 'live' | 'revoked';

/** A card matches the search by its code, its holder's name or ID number (digits as typed). */
function matches(card: Listed, search: string, shown: Shown) {
  if (shown === 'live' && card.revokedAt != null) return false;
  if (shown === 'revoked' && card.revokedAt == null) return false;
  if (!search) return true;
  const s = search.toLowerCase();
  return card.code.toLowerCase().includes(s) || card.fullName.toLowerCase().includes(s) || card.idNumber.includes(s);
}

/**
 * /benefit-cards (issueBenefitCards; issue 15): the live list of benefit cards with search and the
 * issued/revoked filter, the manual issue, revocation, and who is due a card (the eligibility rules).
 */
export function BenefitCardsPage() {
  usePageTitle(m.section_benefit_cards());
  const zero = useZero();
  const confirm = useConfirm();
  const [rows, details] = useListed();
  const [typed, setTyped] = useState('');
  const search = useDeferredValue(typed.trim());
  const [shown, setShown] = useState<Shown>('all');
  const visible = rows.filter(card => matches(card, search, shown));

  async function revoke(card: Listed) {
    const sure = await confirm({
      title: m.benefit_cards_revoke_confirm({name: card.fullName}),
      description: m.benefit_cards_revoke_hint(),
      confirmLabel: m.benefit_cards_revoke(),
      destructive: true,
    });
    if (!sure) return;
    const outcome = await confirmed(zero.mutate(mutators.benefitCards.revoke({id: card.id})));
    if (!outcome.ok) return toast.error(outcome.message);
    toast.success(m.benefit_cards_revoked());
  }

  return (
    <section className="space-y-5" data-testid="benefit-cards-page">
      <PageHeader title={m.section_benefit_cards()} subtitle={m.benefit_cards_subtitle()} />

      <div className="rounded-2xl bg-brand-50 p-4 text-sm ring-1 ring-brand-200" data-testid="benefit-card-rules">
        <h2 className="mb-2 font-semibold text-slate-900">{m.benefit_cards_rules_title()}</h2>
        <ul className="list-disc space-y-1 ps-5 text-slate-700">
          {ELIGIBILITY_RULES.map(rule => (
            <li key={rule}>{RULE_TEXT[rule]()}</li>
          ))}
        </ul>
      </div>

      <IssueCardForm />

      <div className="flex flex-wrap gap-3">
        <SearchInput
          label={m.benefit_cards_search()}
          value={typed}
          onChange={e => setTyped(e.target.value)}
          className="min-w-0 flex-1"
          data-testid="benefit-cards-search"
        />
        <div className="w-full sm:w-44">
          <Select
            aria-label={m.benefit_cards_filter_label()}
            value={shown}
            onChange={e => setShown(e.target.value as Shown)}
            data-testid="benefit-cards-shown"
          >
            <option value="all">{m.benefit_cards_filter_all()}</option>
            <option value="live">{m.benefit_cards_filter_live()}</option>
            <option value="revoked">{m.benefit_cards_filter_revoked()}</option>
          </Select>
        </div>
      </div>

      {visible.length === 0 ? (
        <EmptyState icon={Gift} loading={details.type !== 'complete'}>
          {m.benefit_cards_empty()}
        </EmptyState>
      ) : (
        <ul
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="benefit-cards"
        >
          {visible.map(card => (
            <li
              key={card.id}
              className={clsx('flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3', card.revokedAt != null && 'bg-slate-50')}
              data-testid="benefit-card-row"
            >
              <div className="min-w-0 flex-1 max-sm:basis-full">
                <p className="font-medium text-slate-900">
                  {card.profile ? (
                    <Link to="/home/tickets/$id" params={{id: card.profile.id}} className="hover:text-brand-700 hover:underline">
                      <bdi>{card.fullName}</bdi>
                    </Link>
                  ) : (
                    <bdi>{card.fullName}</bdi>
                  )}
                  <span className="ms-2 text-sm font-normal text-slate-500">
                    <bdi>{card.idNumber}</bdi>
                  </span>
                </p>
                <p className="text-sm text-slate-500">
                  <bdi className="font-mono text-slate-800" data-testid="benefit-card-code">
                    {card.code}
                  </bdi>{' '}
                  · {formatLocalDate(card.createdAt)}
                  {card.revokedAt != null && (
                    <span className="ms-2 font-medium text-rose-700">
                      {m.benefit_cards_revoked_on({date: formatLocalDate(card.revokedAt)})}
                    </span>
                  )}
                </p>
              </div>
              {card.revokedAt == null && (
                <Button variant="secondary" onClick={() => void revoke(card)} data-testid="benefit-card-revoke">
                  <Ban className="size-4" aria-hidden />
                  {m.benefit_cards_revoke()}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
