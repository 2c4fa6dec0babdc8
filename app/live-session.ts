import {useQuery} from '@rocicorp/zero/react';
import {useRouter} from '@tanstack/react-router';
import {useEffect} from 'react';
import {effectivePermissions} from '../permissions/roles.ts';
import {permissionQueries} from './staff/permission-queries.ts';

/**
 * The signed-in user's role and permissions as they are now. /api/session gives them once, at load;
 * this follows the user's own row live (staff.me), so when someone changes them the router's context
 * is replaced and every route guard runs again (a page no longer allowed sends the user home), and the
 * menus and pages, which read the session from that context, redraw at once. The server never trusts
 * this copy: it builds the context from the session on every request.
 */
export function useLiveSessionUser() {
  const router = useRouter();
  const [me] = useQuery(permissionQueries.me());
  useEffect(() => {
    const context = router.options.context;
    const user = context.session.user;
    // The grants arrive with the row's particulars; until they have, the session's own stand.
    if (!me?.detail || !user) return;
    const permissions = effectivePermissions(me.role, me.detail.permissions, me.detail.withheld);
    if (me.role === user.role && permissions.join() === user.permissions.join()) return;
    const session = {...context.session, user: {...user, role: me.role, permissions}};
    router.update({...router.options, context: {...context, session}});
    void router.invalidate();
  }, [me, router]);
}
