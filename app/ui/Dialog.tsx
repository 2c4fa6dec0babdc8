import * as RadixDialog from '@radix-ui/react-dialog';
import {clsx} from 'clsx';
import {X} from 'lucide-react';
import {useRef, type ReactNode, type RefObject} from 'react';
import {Button} from './controls.tsx';
import * as m from '../paraglide/messages.js';

/**
 * The app's modal: Radix handles focus trapping, Escape and aria; this adds the look, and gives focus
 * back to whatever opened it (our dialogs are opened by state, not by a Radix trigger). Focus starts on
 * the first control, or on `initialFocus` (a confirmation's safe choice). `wide` is for a form of two
 * columns side by side (the couple form's groom and bride).
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  initialFocus,
  wide = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string | undefined;
  initialFocus?: RefObject<HTMLElement | null>;
  wide?: boolean;
  children: ReactNode;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40 backdrop-blur-[2px]" />
        <RadixDialog.Content
          onOpenAutoFocus={event => {
            opener.current = document.activeElement as HTMLElement | null;
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          onCloseAutoFocus={event => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
          className={clsx(
            'fixed start-1/2 top-[8vh] z-50 max-h-[84vh] w-[calc(100vw-2rem)] -translate-x-1/2',
            wide ? 'max-w-3xl' : 'max-w-lg',
            'overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-slate-200 focus:outline-none rtl:translate-x-1/2',
          )}
        >
          <div className="mb-5 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description ? (
                <RadixDialog.Description className="mt-1 text-sm text-slate-500">{description}</RadixDialog.Description>
              ) : (
                <RadixDialog.Description className="sr-only">{title}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-600"
              aria-label={m.action_close()}
            >
              <X className="size-5" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A dialog form's last row: cancel, and the submit button that says when it is saving. */
export function DialogActions({saving, onCancel, testid}: {saving: boolean; onCancel: () => void; testid: string}) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <Button variant="secondary" onClick={onCancel}>
        {m.action_cancel()}
      </Button>
      <Button type="submit" disabled={saving} data-testid={testid}>
        {saving ? m.saving() : m.action_save()}
      </Button>
    </div>
  );
}
