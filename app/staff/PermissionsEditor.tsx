import {useQuery} from '@rocicorp/zero/react';
import {useRouteContext} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {PERMISSION_GROUPS, PERMISSION_GROUP_NAMES, PERMISSIONS, type Permission} from '../../permissions/labels.ts';
import {PRESET_ROLES, effectivePermissions, roleDefaults, type Role} from '../../permissions/roles.ts';
import {roleBeforeBlock} from './mutators.ts';
import {permissionQueries} from './permission-queries.ts';
import {contextOf} from '../session.ts';
import {roleLabel} from '../lib/role-labels.ts';
import {Button} from '../ui/controls.tsx';
import {permissionGroupLabel, permissionLabel} from './permission-labels.ts';
import {Loading} from '../ui/Loading.tsx';
import * as m from '../paraglide/messages.js';

/**
 * A staff member's permissions (spec §6), grouped, with a role's defaults as presets. The user's role
 * gives its preset ("from the role"); on top of it a right may be granted, and one of the preset
 * withheld (issue 30: a shadchan without forum access). An administrator holds everything, so every box
 * is ticked and fixed. The server decides (staff.setPermissions); the boxes an editor may not change
 * are disabled here only as a courtesy. Mounted on the staff edit page, whose one save saves them
 * (issue 31): `draft` is the boxes as the editor left them, undefined while they follow the stored
 * rights live.
 */
export function PermissionsEditor({
  userID,
  draft,
  onDraft,
}: {
  userID: string;
  draft: readonly Permission[] | undefined;
  onDraft: (draft: readonly Permission[]) => void;
}) {
  const {session} = useRouteContext({from: '/shell'});
  const me = contextOf(session.user!);
  const [user, details] = useQuery(permissionQueries.permissionsOf({userID}));
  const setDraft = onDraft;

  if (!user?.detail) {
    return details.type === 'complete' ? (
      <p className="text-sm text-slate-500">{m.permissions_unknown_user()}</p>
    ) : (
      <Loading size="small" />
    );
  }
  // A blocked user's boxes are those unblocking gives back.
  const role: Role = roleBeforeBlock(user);
  const isAdmin = role === 'admin';
  const fromRole = new Set(isAdmin ? PERMISSIONS : roleDefaults(role));
  const stored = effectivePermissions(role, user.detail.permissions, user.detail.withheld);
  const ticked = new Set(draft ?? stored);
  const ownRecord = user.id === me.userID && me.role !== 'admin';
  const locked = isAdmin || ownRecord || (me.role !== 'admin' && !me.permissions.includes('editShadchanim'));
  const mayTouch = (p: Permission) => me.role === 'admin' || me.permissions.includes(p);

  const toggle = (p: Permission, on: boolean) => setDraft([...ticked].filter(x => x !== p).concat(on ? [p] : []) as Permission[]);
  // A preset ticks exactly that role's defaults; the boxes this editor may not change stay as they are.
  const preset = (r: Role) => setDraft(PERMISSIONS.filter(p => (mayTouch(p) ? roleDefaults(r).includes(p) : ticked.has(p))));

  return (
    <section className="space-y-4" data-testid="permissions-editor" aria-labelledby="permissions-title">
      <h2 id="permissions-title" className="text-lg font-semibold text-slate-800">
        {m.permissions_title()}
      </h2>
      {isAdmin && <p className="rounded-lg bg-brand-50 p-3 text-sm text-brand-800">{m.permissions_admin_all()}</p>}
      {ownRecord && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-800">{m.permissions_own()}</p>}
      {!locked && (
        <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="permission-presets">
          <span className="text-slate-600">{m.permissions_presets()}:</span>
          {PRESET_ROLES.map(r => (
            <Button key={r} variant="secondary" onClick={() => preset(r)} data-testid={`preset-${r}`}>
              {roleLabel[r]()}
            </Button>
          ))}
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {PERMISSION_GROUP_NAMES.map(group => (
          <fieldset key={group} className="rounded-xl p-3 ring-1 ring-slate-200">
            <legend className="px-1 text-xs font-semibold tracking-wide text-slate-500">{permissionGroupLabel[group]()}</legend>
            {PERMISSION_GROUPS[group].map(p => {
              const byRole = fromRole.has(p);
              const disabled = locked || !mayTouch(p);
              return (
                <label
                  key={p}
                  className={clsx(
                    'flex items-center gap-2 py-1 text-sm',
                    disabled ? 'text-slate-500' : 'cursor-pointer text-slate-800',
                  )}
                  title={!locked && !mayTouch(p) ? m.permissions_not_yours() : undefined}
                >
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={ticked.has(p)}
                    disabled={disabled}
                    onChange={e => toggle(p, e.target.checked)}
                    data-testid={`permission-${p}`}
                  />
                  <span className="flex-1">{permissionLabel[p]()}</span>
                  <PermissionSource byRole={byRole} held={ticked.has(p)} permission={p} />
                </label>
              );
            })}
          </fieldset>
        ))}
      </div>
    </section>
  );
}

/** Where a box's state comes from: the role's preset, a grant beyond it, or a withholding from it. */
function PermissionSource({byRole, held, permission}: {byRole: boolean; held: boolean; permission: Permission}) {
  if (byRole && held) {
    return (
      <span className="rounded bg-slate-100 px-1.5 text-xs text-slate-600" data-testid={`from-role-${permission}`}>
        {m.permissions_from_role()}
      </span>
    );
  }
  if (byRole) {
    return (
      <span className="rounded bg-amber-50 px-1.5 text-xs text-amber-800" data-testid={`withheld-${permission}`}>
        {m.permissions_withheld()}
      </span>
    );
  }
  return held ? <span className="rounded bg-brand-50 px-1.5 text-xs text-brand-700">{m.permissions_granted()}</span> : null;
}
