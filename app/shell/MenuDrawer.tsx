import * as RadixDialog from '@radix-ui/react-dialog';
import {useRouterState} from '@tanstack/react-router';
import {Menu, X} from 'lucide-react';
import {useEffect, useState, type ReactNode} from 'react';
import * as m from '../paraglide/messages.js';

/** Below the large breakpoint the side menu lives in a drawer from the start side (right in Hebrew). */
export function MenuDrawer({children}: {children: ReactNode}) {
  const [open, setOpen] = useState(false);
  const pathname = useRouterState({select: s => s.location.pathname});
  useEffect(() => setOpen(false), [pathname]);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger
        className="rounded-lg p-2 text-white/85 hover:bg-white/10 hover:text-white lg:hidden"
        aria-label={m.menu_label()}
        data-testid="menu-drawer-open"
      >
        <Menu className="size-5" aria-hidden />
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <RadixDialog.Content
          className="fixed inset-y-0 start-0 z-50 w-72 max-w-[85vw] overflow-y-auto bg-white p-4 shadow-2xl focus:outline-none"
          data-testid="menu-drawer"
        >
          <div className="mb-4 flex items-center justify-between">
            <RadixDialog.Title className="text-base font-semibold text-slate-900">{m.menu_label()}</RadixDialog.Title>
            <RadixDialog.Description className="sr-only">{m.menu_label()}</RadixDialog.Description>
            <RadixDialog.Close className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100" aria-label={m.action_close()}>
              <X className="size-5" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
