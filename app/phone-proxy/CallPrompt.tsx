import {useNavigate} from '@tanstack/react-router';
import {lazy, Suspense, useEffect, useRef, useState} from 'react';
import {newActivityForCall} from '../calls/format.ts';
import {connectPhoneProxy, type EndCall} from './socket.ts';

/** The question itself, fetched when a call first ends (with the phone library that writes the number). */
const CallPanel = lazy(() => import('./CallPanel.tsx').then(panel => ({default: panel.CallPanel})));

/**
 * While a shadchan is signed in and the phone proxy is enabled, this browser listens to the sidecar.
 * When a proxied call ends it asks, naming the person (or the number), whether to open a new activity
 * for them (spec §7), in a panel that never takes the focus and waits while the user types (issue 31).
 * Either answer replies NOTIFICATION_READED, which the sidecar keeps for good, so the question is never
 * asked again, here or after a reload; a question answered in another tab goes away. Calls that ended
 * meanwhile wait their turn, counted on the panel.
 */
export function CallPrompt({port}: {port: number}) {
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState<EndCall[]>([]);
  const link = useRef<ReturnType<typeof connectPhoneProxy>>(undefined);
  // Answered here: a delivery racing the answer (a reconnect) is not asked again.
  const answered = useRef(new Set<string>());

  useEffect(() => {
    const protocol = location.protocol === 'https:' ? 'wss' : 'ws';
    link.current = connectPhoneProxy(`${protocol}://${location.hostname}:${port}/ws`, messages => {
      setWaiting(current => {
        let next = current;
        for (const message of messages) {
          if (message.Type === 'NOTIFICATION_READED') {
            answered.current.add(message.Data.notificationID);
            next = next.filter(call => call.ID !== message.Data.notificationID);
          } else if (message.Type === 'END_CALL' && !answered.current.has(message.ID) && !next.some(c => c.ID === message.ID)) {
            next = [...next, message];
          }
        }
        return next;
      });
    });
    return () => link.current?.close();
  }, [port]);

  const call = waiting[0];
  function answer(openActivity: boolean) {
    if (!call) return;
    answered.current.add(call.ID);
    link.current?.send({Type: 'NOTIFICATION_READED', Data: {notificationID: call.ID}});
    setWaiting(current => current.filter(c => c.ID !== call.ID));
    if (openActivity) void navigate({href: newActivityForCall(call.Data)});
  }

  const typing = useTypingPause();
  // A panel, not a dialog (issue 31): it takes no focus and covers nothing one is typing into, and
  // it waits while the user types; the calls page lists every call too.
  if (!call || typing) return null;
  return (
    <Suspense>
      <CallPanel call={call} more={waiting.length - 1} onAnswer={answer} />
    </Suspense>
  );
}

/** How long after the last key the user counts as still typing. */
const TYPING_PAUSE_MS = 1500;

/** Whether the user is typing into a field right now (a key in the last moment), so a prompt waits. */
function useTypingPause(): boolean {
  const [typing, setTyping] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (!target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      setTyping(true);
      clearTimeout(timer);
      timer = setTimeout(() => setTyping(false), TYPING_PAUSE_MS);
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey, true);
    };
  }, []);
  return typing;
}
