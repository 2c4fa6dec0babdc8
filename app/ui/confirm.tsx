import {createContext, useCallback, useContext, useRef, useState, type ReactNode} from 'react';
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

type Ask = (request: ConfirmRequest) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/**
 * The app's one confirmation (in place of window.confirm): a Radix dialog that opens when a screen asks
 * and answers true only for the confirming button. Focus starts on the safe choice; Escape, the close
 * button and a click outside all mean no. A newer question answers an open one with no.
 */
export function ConfirmProvider({children}: {children: ReactNode}) {
  const [request, setRequest] = useState<ConfirmRequest>();
  const answer = useRef<(yes: boolean) => void>(undefined);
  const safe = useRef<HTMLButtonElement>(null);

  const ask = useCallback<Ask>(
    next =>
      new Promise(resolve => {
        answer.current?.(false);
        answer.current = resolve;
        setRequest(next);
      }),
    [],
  );
  const reply = (yes: boolean) => {
    answer.current?.(yes);
    answer.current = undefined;
    setRequest(undefined);
  };

  return (
    <ConfirmContext value={ask}>
      {children}
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
    </ConfirmContext>
  );
}

/** Asks the user to confirm; resolves to their answer. `if (!(await confirm({…}))) return;` */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs a ConfirmProvider above it (app/main.tsx)');
  return ask;
}
