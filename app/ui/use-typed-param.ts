import {useEffect, useEffectEvent, useState} from 'react';

/**
 * A list's search field whose text reaches the URL once typing pauses (so the list is not re-queried
 * at every key): returns the text as typed and its setter. `clean` is what the URL will hold for some
 * typed text (trimmed, say), so a trailing space typed on is not taken for a change from elsewhere. A
 * URL changed elsewhere (back, a link) wins over the typed text. The settle sees the filters as they
 * are when it fires, not as they were at the first key.
 */
export function useTypedParam(
  param: string | undefined,
  settle: (text: string) => void,
  {delayMs, clean = text => text}: {delayMs: number; clean?: (typed: string) => string},
): [string, (typed: string) => void] {
  const [typed, setTyped] = useState(param ?? '');
  const [sent, setSent] = useState(param ?? '');
  if ((param ?? '') !== sent) {
    setSent(param ?? '');
    setTyped(param ?? '');
  }
  const onSettle = useEffectEvent(settle);
  useEffect(() => {
    const next = clean(typed);
    if (next === sent) return;
    const timer = setTimeout(() => {
      setSent(next);
      onSettle(next);
    }, delayMs);
    return () => clearTimeout(timer);
    // The typed text alone starts the wait.
  }, [typed]);
  return [typed, setTyped];
}
