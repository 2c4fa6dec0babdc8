import {createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode} from 'react';
import type {ConfirmRequest} from './ConfirmDialog.tsx';

export type {ConfirmRequest};

type Ask = (request: ConfirmRequest) => Promise<boolean>;
const ConfirmContext = createContext<Ask | null>(null);

/** Fetched at the first question: the provider wraps every page, most of which never ask (issue 35). */
const ConfirmDialog = lazy(() => import('./ConfirmDialog.tsx').then(p => ({default: p.ConfirmDialog})));

/**
 * The app's one confirmation (in place of window.confirm): a Radix dialog that opens when a screen asks
 * and answers true only for the confirming button. Focus starts on the safe choice; Escape, the close
 * button and a click outside all mean no. A newer question answers an open one with no.
 */
export function ConfirmProvider({children}: {children: ReactNode}) {
  const [request, setRequest] = useState<ConfirmRequest>();
  // Once asked, the dialog stays mounted, so it closes as it opened.
  const [asked, setAsked] = useState(false);
  const answer = useRef<(yes: boolean) => void>(undefined);

  const ask = useCallback<Ask>(
    next =>
      new Promise(resolve => {
        answer.current?.(false);
        answer.current = resolve;
        setAsked(true);
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
      {asked && (
        <Suspense>
          <ConfirmDialog request={request} reply={reply} />
        </Suspense>
      )}
    </ConfirmContext>
  );
}

/** Asks the user to confirm; resolves to their answer. `if (!(await confirm({…}))) return;` */
export function useConfirm(): Ask {
  const ask = useContext(ConfirmContext);
  if (!ask) throw new Error('useConfirm needs a ConfirmProvider above it (app/main.tsx)');
  return ask;
}
