import {useQuery, useZero} from '@rocicorp/zero/react';
import {toast} from '../lib/toast.ts';
import {Link, useNavigate, useParams, useRouteContext} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {Printer} from 'lucide-react';
import {nanoid} from 'nanoid';
import {useEffect, useState, type FormEvent} from 'react';
import {SAY} from '../lib/dictionary.ts';
import {confirmed} from '../lib/mutate.ts';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import type {Permission} from '../../permissions/labels.ts';
import {mutators} from '../mutators.ts';
import {staffQueries} from './queries.ts';
import {can} from '../../permissions/context.ts';
import {contextOf} from '../session.ts';
import {Button} from '../ui/controls.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {SaveBar} from '../ui/SaveBar.tsx';
import {useLeaveGuard} from '../ui/use-leave-guard.ts';
import {mayGiveRole, roleBeforeBlock} from './mutators.ts';
import {EMPTY_STAFF, formOf, formsDiffer, staffArgs, type StaffForm} from './form.ts';
import {STAFF_PATH, staffEditPath, staffPrintPath} from './paths.ts';
import {STAFF_ROLES, placeValue, staffSchema} from './schema.ts';
import {PermissionsEditor} from './PermissionsEditor.tsx';
import {StaffCounters} from './StaffCounters.tsx';
import {StaffFormFields} from './StaffFormFields.tsx';
import {StaffStateActions} from './StaffStateActions.tsx';
import {StaffInvitation} from './StaffInvitation.tsx';
import {sendInvitation, staffInvitationPath} from './invite.ts';
import {Loading} from '../ui/Loading.tsx';
import * as m from '../paraglide/messages.js';

/** A shadchan's form: /users/new-user (addShadchanim) and /users/edit/{id} (editShadchanim). */
export function StaffEditPage() {
  const {id} = useParams({strict: false}) as {id?: string};
  return <StaffEditor key={id ?? 'new'} param={id} />;
}

function StaffEditor({param}: {param: string | undefined}) {
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const navigate = useNavigate();
  const isNew = param === undefined;
  const [id] = useState(() => param ?? nanoid());
  const [user, details] = useQuery(!isNew && staffQueries.one({id}));
  const [initial, setInitial] = useState<StaffForm | undefined>(isNew ? EMPTY_STAFF : undefined);
  const [form, setForm] = useState<StaffForm | undefined>(initial);
  // The permission boxes as the editor left them (undefined: as stored); the page's one save saves them too.
  const [permissions, setPermissions] = useState<readonly Permission[]>();
  const [savingPermissions, setSavingPermissions] = useState(false);
  const zero = useZero();
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    staffSchema,
    value => (isNew ? mutators.staff.create(value) : mutators.staff.update(value)),
    () => {
      setInitial(form);
      if (!isNew) return;
      // A new member is sent their invitation at once: a link to choose a password (issue 30).
      void sendInvitation(staffInvitationPath(id));
      void navigate({to: staffEditPath(id), replace: true});
    },
    isNew ? SAY.saved : SAY.updated,
  );
  const detailsDirty = form !== undefined && initial !== undefined && formsDiffer(form, initial);
  const dirty = detailsDirty || permissions !== undefined;
  useLeaveGuard(dirty, saving || savingPermissions);
  usePageTitle(isNew ? m.section_new_shadchan() : user ? `${m.section_staff_edit()} · ${user.name}` : m.section_staff_edit());

  // The saved record fills the form; while the user has changed nothing, others' saves show at once.
  const savedKey = user ? `${user.id}:${user.updatedAt}:${JSON.stringify([user.contact ?? null, user.detail ?? null])}` : '';
  useEffect(() => {
    if (!user || dirty) return;
    const saved = formOf(user);
    setInitial(saved);
    setForm(saved);
    // Only when the saved row changes.
  }, [savedKey]);

  if (!isNew && !user) {
    return details.type === 'complete' ? (
      <p className="py-16 text-center text-slate-500" data-testid="staff-not-found">
        {m.staff_not_found()}
      </p>
    ) : (
      <Loading />
    );
  }
  if (!form) return <Loading />;

  const set = (key: keyof StaffForm, value: string) => {
    setForm(f => f && {...f, [key]: value});
    clearError(key);
  };
  // The roles this editor may give (an administrator only by an administrator, another only when its
  // preset rights are all the editor's own); the role the user holds stays shown.
  const roles = STAFF_ROLES.filter(r => r === form.role || mayGiveRole(ctx, r, user));
  async function submit(e: FormEvent) {
    e.preventDefault();
    if ((isNew || detailsDirty) && !(await save(staffArgs(id, form!)))) return;
    if (permissions === undefined) return;
    setSavingPermissions(true);
    const outcome = await confirmed(zero.mutate(mutators.staff.setPermissions({userID: id, permissions: [...permissions]})));
    setSavingPermissions(false);
    if (!outcome.ok) return void toast.error(outcome.message);
    setPermissions(undefined);
    toast.success(m.permissions_saved());
  }
  const failed = Object.keys(errors).length > 0;
  // Only an administrator changes an administrator (the server refuses anyone else): others only read.
  const locked = user !== undefined && roleBeforeBlock(user) === 'admin' && ctx.role !== 'admin';

  return (
    <div className="mx-auto max-w-4xl space-y-5 pb-28">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{isNew ? m.section_new_shadchan() : <bdi>{user?.name}</bdi>}</h1>
          <p className="mt-1 text-sm text-slate-500">{m.staff_required_hint()}</p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {!isNew && (
            <Link
              to={staffPrintPath(id)}
              className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
              data-testid="staff-print-link"
            >
              <Printer className="size-4" aria-hidden />
              {m.staff_print()}
            </Link>
          )}
          <Link to={STAFF_PATH} className="text-sm font-medium text-brand-700 hover:underline">
            {m.staff_back()}
          </Link>
        </div>
      </div>

      {user && !locked && <StaffStateActions user={user} self={user.id === ctx.userID} />}
      {user && !locked && user.id !== ctx.userID && <StaffInvitation user={user} mayReset={can(ctx, 'editShadchanim')} />}

      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5" data-testid="staff-form">
        <StaffFormFields form={form} set={set} errors={errors} roles={roles} heldPlace={user ? placeValue(user) : ''} />
        {user?.detail && <StaffCounters userID={user.id} detail={user.detail} viewer={ctx} />}
        {user && <PermissionsEditor userID={user.id} draft={permissions} onDraft={setPermissions} />}

        <SaveBar>
          <div className="mx-auto flex max-w-4xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
            <p
              className={clsx(
                'text-sm',
                failed ? 'font-medium text-rose-700' : dirty ? 'font-medium text-amber-700' : 'text-slate-500',
              )}
              data-testid="staff-dirty"
              aria-live="polite"
            >
              {failed ? m.error_invalid_input() : dirty ? m.card_unsaved() : isNew ? '' : m.card_all_saved()}
            </p>
            <Button type="submit" disabled={saving || savingPermissions || locked || (!isNew && !dirty)} data-testid="staff-save">
              {m.action_save()}
            </Button>
          </div>
        </SaveBar>
      </form>
    </div>
  );
}
