import {useRef} from 'react';
import {Button} from './controls.tsx';
import {Dialog} from './Dialog.tsx';
import * as m from '../paraglide/messages.js';

/** What a confirmation asks: the question, what follows from it, and the action's own name. */
export type ConfirmRequest = {
  title: string;
  description?: string | undefined;
  confirmLabel: string;
  cancelLabel?: string;
  /** The action removes or gives something up: its button looks like it. */
  destructive?: boolean;
};

/** The confirmation's dialog (app/ui/confirm.tsx): focus starts on the safe choice; closing it means no. */
export function ConfirmDialog({request, reply}: {request: ConfirmRequest | undefined; reply: (yes: boolean) => void}) {
  const safe = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={request !== undefined}
      onOpenChange={open => !open && reply(false)}
      title={request?.title ?? ''}
      description={request?.description}
      initialFocus={safe}
    >
      <div className="flex flex-wrap justify-end gap-2">
        <Button ref={safe} variant="secondary" onClick={() => reply(false)} data-testid="confirm-cancel">
          {request?.cancelLabel ?? m.action_cancel()}
        </Button>
        <Button variant={request?.destructive ? 'danger' : 'primary'} onClick={() => reply(true)} data-testid="confirm-ok">
          {request?.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
