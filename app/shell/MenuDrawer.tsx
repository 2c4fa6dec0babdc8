import {useRouterState} from '@tanstack/react-router';
import {Menu} from 'lucide-react';
import {useEffect, useState, type ReactNode} from 'react';
import {SideSheet} from '../ui/SideSheet.tsx';
import * as m from '../paraglide/messages.js';

/** Below the large breakpoint the side menu lives in a drawer from the start side (right in Hebrew). */
export function MenuDrawer({children}: {children: ReactNode}) {
  const [open, setOpen] = useState(false);
  const pathname = useRouterState({select: s => s.location.pathname});
  useEffect(() => setOpen(false), [pathname]);
  return (
    <SideSheet
      side="start"
      title={m.menu_label()}
      testid="menu-drawer"
      open={open}
      onOpenChange={setOpen}
      trigger={
        <button
          type="button"
          className="rounded-lg p-2 text-white/85 hover:bg-white/10 hover:text-white lg:hidden"
          aria-label={m.menu_label()}
          data-testid="menu-drawer-open"
        >
          <Menu className="size-5" aria-hidden />
        </button>
      }
    >
      {children}
    </SideSheet>
  );
}
