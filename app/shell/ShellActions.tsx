import {useRouteContext} from '@tanstack/react-router';
import {Globe2, Link2, MessageSquare, PhoneForwarded} from 'lucide-react';
import {useState, type ReactNode} from 'react';
import {toast} from '../lib/toast.ts';
import {ContactDialog} from '../contact/ContactDialog.tsx';
import {WorldsDialog} from './WorldsDialog.tsx';
import {SAY} from '../lib/dictionary.ts';
import {can} from '../../permissions/context.ts';
import {contextOf} from '../session.ts';
import * as m from '../paraglide/messages.js';

const itemClass =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-start text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900';

function Item({icon, children, onClick, testid}: {icon: ReactNode; children: ReactNode; onClick: () => void; testid: string}) {
  return (
    <button type="button" onClick={onClick} className={itemClass} data-testid={testid}>
      {icon}
      {children}
    </button>
  );
}

/**
 * The shell's buttons (spec §1, §6): the personal add-ticket link (for users who may edit cards),
 * contact and training coordination, the worlds-program registration and the proxy number when the
 * phone proxy is on. Donation and the forum are links in the side menu. Links the site has not
 * configured are left out.
 */
export function ShellActions() {
  const {session} = useRouteContext({from: '/shell'});
  const user = session.user!;
  const {links} = session;
  const [contact, setContact] = useState(false);
  const [worlds, setWorlds] = useState(false);

  async function copyLink() {
    await navigator.clipboard.writeText(`${location.origin}/api/peoples/add-people-by-user/${encodeURIComponent(user.ID)}`);
    toast.success(SAY.linkCopied());
  }

  const icon = (Icon: typeof Link2) => <Icon className="size-4 shrink-0" aria-hidden />;
  return (
    <div>
      <h2 className="mb-2 px-3 text-xs font-semibold tracking-wide text-slate-500">{m.actions_title()}</h2>
      <div className="space-y-0.5" data-testid="shell-actions">
        {/* The link adds cards in the user's name: only for those who may edit cards (the server agrees). */}
        {can(contextOf(user), 'editTickets') && (
          <Item icon={icon(Link2)} onClick={() => void copyLink()} testid="copy-link">
            {m.copy_link()}
          </Item>
        )}
        <Item icon={icon(MessageSquare)} onClick={() => setContact(true)} testid="open-contact">
          {m.contact_title()}
        </Item>
        {links.worldsForm && (
          <Item icon={icon(Globe2)} onClick={() => setWorlds(true)} testid="open-worlds">
            {m.worlds_title()}
          </Item>
        )}
        {session.phoneProxyPort !== null && links.proxyPhoneNumber && (
          <p className="flex items-center gap-2.5 px-3 py-2 text-sm text-slate-600" data-testid="proxy-number">
            {icon(PhoneForwarded)}
            <span>
              {m.proxy_number()}{' '}
              <bdi dir="ltr" className="font-medium whitespace-nowrap text-slate-900 tabular-nums">
                {links.proxyPhoneNumber}
              </bdi>
            </span>
          </p>
        )}
      </div>
      <ContactDialog open={contact} onOpenChange={setContact} />
      {links.worldsForm && <WorldsDialog url={links.worldsForm} open={worlds} onOpenChange={setWorlds} />}
    </div>
  );
}
