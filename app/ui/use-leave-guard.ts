import {useBlocker} from '@tanstack/react-router';
import {useConfirm} from './confirm.tsx';
import * as m from '../paraglide/messages.js';

/**
 * A form with unsaved changes asks before the app navigates away (the app's dialog: staying keeps
 * everything typed), and the browser asks before the tab closes or reloads. Not while it saves.
 */
export function useLeaveGuard(dirty: boolean, saving: boolean) {
  const confirm = useConfirm();
  useBlocker({
    shouldBlockFn: async () =>
      dirty &&
      !saving &&
      !(await confirm({
        title: m.card_leave_confirm(),
        confirmLabel: m.leave_discard(),
        cancelLabel: m.leave_stay(),
        destructive: true,
      })),
    enableBeforeUnload: () => dirty,
  });
}
