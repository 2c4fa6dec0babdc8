import * as RadixDialog from '@radix-ui/react-dialog';
import {X} from 'lucide-react';
import {clsx} from 'clsx';
import type {ReactNode} from 'react';
import * as m from '../paraglide/messages.js';

/**
 * A full-height panel sliding over the page from one side: the mobile menu drawer (from the start
 * side) and the settings panel (right-hand, as the spec places it). Radix gives focus trapping,
 * Escape and the dialog semantics; `trigger` is the button that opens it. `wide`: room for a conversation
 * (the card's chats).
 */
export function SideSheet(props: {
  side: 'start' | 'right';
  title: string;
  trigger: ReactNode;
  testid: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <RadixDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixDialog.Trigger asChild>{props.trigger}</RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <RadixDialog.Content
          className={clsx(
            'fixed inset-y-0 z-50 max-w-[88vw] overflow-y-auto bg-white p-5 shadow-2xl focus:outline-none',
            props.wide ? 'w-[28rem]' : 'w-80',
            props.side === 'start' ? 'start-0' : 'right-0',
          )}
          data-testid={props.testid}
        >
          <div className="mb-5 flex items-center justify-between">
            <RadixDialog.Title className="text-base font-semibold text-slate-900">{props.title}</RadixDialog.Title>
            <RadixDialog.Description className="sr-only">{props.title}</RadixDialog.Description>
            <RadixDialog.Close className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100" aria-label={m.action_close()}>
              <X className="size-5" />
            </RadixDialog.Close>
          </div>
          {props.children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
