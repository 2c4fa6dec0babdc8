import {useQuery, useZero} from '@rocicorp/zero/react';
import {useRouteContext} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {Copy, Link2, Plus} from 'lucide-react';
import {nanoid} from 'nanoid';
import {useState, type FormEvent} from 'react';
import {toast} from '../lib/toast.ts';
import {can} from '../../permissions/context.ts';
import {formatLocalDate, isoDateToMs} from '../lib/dates.ts';
import {confirmed} from '../lib/mutate.ts';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {lookupQueries} from '../lookups.ts';
import {permissionQueries} from '../staff/permission-queries.ts';
import {registrationLinkQueries} from './queries.ts';
import {contextOf} from '../session.ts';
import {Button, Field, Select} from '../ui/controls.tsx';
import {useConfirm} from '../ui/confirm.tsx';
import {DateInput} from '../ui/DateInput.tsx';
import {EmptyState} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {registrationLinkSchema, registrationPath} from './schema.ts';
import * as m from '../paraglide/messages.js';

type Listed = ReturnType<typeof useListed>[0][number];
const useListed = () => useQuery(registrationLinkQueries.all());

const urlOf = (token: string) => `${location.origin}${registrationPath(token)}`;

/** The end of the chosen day on the user's own clock: a link "until the 5th" works all of the 5th. */
function endOfDay(iso: string): number {
  if (!iso) return NaN;
  const ms = isoDateToMs(iso);
  if (ms === undefined) return NaN;
  const day = new Date(ms);
  return new Date(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + 1).getTime();
}

function stateOf(link: Listed, now: number) {
  if (link.revokedAt != null) return {label: m.registration_link_revoked(), live: false};
  if (link.expiresAt != null && link.expiresAt <= now) return {label: m.registration_link_expired(), live: false};
  return {label: m.registration_link_active(), live: true};
}

/**
 * /registration-links (editShadchanim, or a community's coordinator for their own community; issue 13,
 * spec §2 "generate a registration link for a community"): make a link to the public candidate form with
 * the community preset, optionally until a date; copy it; revoke it. Live. What candidates send through
 * it waits as a pending card in the community (server/candidates/candidate-form.ts).
 */
export function RegistrationLinksPage() {
  usePageTitle(m.section_registration_links());
  const zero = useZero();
  const confirm = useConfirm();
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const [me] = useQuery(permissionQueries.me());
  const [communities] = useQuery(lookupQueries.communities());
  const [rows, details] = useListed();
  // A coordinator keeps their own community's links only (the server agrees).
  const offered = communities.filter(c => c.retiredAt == null && (can(ctx, 'editShadchanim') || c.id === me?.communityID));
  const [communityID, setCommunityID] = useState('');
  const [expiry, setExpiry] = useState('');
  const chosen = communityID || (offered.length === 1 ? offered[0]!.id : '');
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    registrationLinkSchema,
    mutators.registrationLinks.create,
    () => setExpiry(''),
    m.registration_link_created,
  );

  function generate(e: FormEvent) {
    e.preventDefault();
    void save({id: nanoid(), communityID: chosen, expiresAt: expiry ? endOfDay(expiry) : null});
  }

  async function copy(token: string) {
    await navigator.clipboard.writeText(urlOf(token));
    toast.success(m.link_copied());
  }

  async function revoke(link: Listed) {
    const sure = await confirm({
      title: m.registration_link_revoke_confirm({name: link.community?.name ?? ''}),
      description: m.registration_link_revoke_hint(),
      confirmLabel: m.registration_link_revoke(),
      destructive: true,
    });
    if (!sure) return;
    const outcome = await confirmed(zero.mutate(mutators.registrationLinks.revoke({id: link.id})));
    if (!outcome.ok) return toast.error(outcome.message);
    toast.success(m.updated_successfully());
  }

  const now = Date.now();
  return (
    <section className="space-y-5" data-testid="registration-links-page">
      <PageHeader title={m.section_registration_links()} subtitle={m.registration_links_subtitle()} />

      <form
        ref={formRef}
        onSubmit={generate}
        noValidate
        className="grid items-start gap-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-[1fr_1fr_auto]"
        data-testid="registration-link-form"
      >
        <Field label={`${m.registration_link_community()} *`} error={errors.communityID}>
          {p => (
            <Select
              {...p}
              name="communityID"
              value={chosen}
              onChange={e => (setCommunityID(e.target.value), clearError('communityID'))}
            >
              <option value="">{m.card_choose()}</option>
              {offered.map(c => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={m.registration_link_expires()} error={errors.expiresAt}>
          {p => (
            <DateInput fieldProps={p} name="expiresAt" value={expiry} onChange={v => (setExpiry(v), clearError('expiresAt'))} />
          )}
        </Field>
        <Button type="submit" disabled={saving} className="sm:mt-7" data-testid="generate-link">
          <Plus className="size-4" aria-hidden />
          {m.registration_link_generate()}
        </Button>
      </form>

      {rows.length === 0 ? (
        <EmptyState icon={Link2} loading={details.type !== 'complete'}>
          {m.registration_links_empty()}
        </EmptyState>
      ) : (
        <ul
          className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="registration-links"
        >
          {rows.map(link => {
            const state = stateOf(link, now);
            return (
              <li
                key={link.id}
                className={clsx('flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3', !state.live && 'bg-slate-50')}
                data-testid="registration-link-row"
              >
                {/* On a phone the details take the whole width and the buttons go below, so the link can be read. */}
                <div className="min-w-0 flex-1 max-sm:basis-full">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    <bdi>{link.community?.name}</bdi>
                    <span
                      className={clsx(
                        'rounded-full px-2 py-0.5 text-xs font-medium',
                        state.live ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200' : 'bg-slate-200 text-slate-600',
                      )}
                      data-testid="registration-link-state"
                    >
                      {state.label}
                    </span>
                  </p>
                  <p className="mt-0.5 flex flex-wrap gap-x-3 text-sm text-slate-500">
                    <span>{m.registration_link_by({name: link.creator?.name ?? '', date: formatLocalDate(link.createdAt)})}</span>
                    <span>
                      {link.expiresAt == null
                        ? m.registration_link_never()
                        : m.registration_link_until({date: formatLocalDate(link.expiresAt - 1)})}
                    </span>
                  </p>
                  {state.live && (
                    <p
                      className="mt-1 font-mono text-xs break-all text-slate-500 sm:truncate rtl:text-end"
                      dir="ltr"
                      data-testid="registration-link-url"
                    >
                      {urlOf(link.token)}
                    </p>
                  )}
                </div>
                {state.live && (
                  <div className="flex gap-2">
                    <Button variant="secondary" onClick={() => void copy(link.token)} data-testid="copy-registration-link">
                      <Copy className="size-4" aria-hidden />
                      <span className="max-sm:sr-only">{m.registration_link_copy()}</span>
                    </Button>
                    <Button variant="secondary" onClick={() => void revoke(link)} data-testid="revoke-registration-link">
                      {m.registration_link_revoke()}
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
