import {useNavigate} from '@tanstack/react-router';
import {PhoneCall} from 'lucide-react';
import {useEffect, useRef, useState} from 'react';
import {Button} from '../ui/controls.tsx';
import {callerDisplay, formatDuration, newActivityForCall} from '../calls/format.ts';
import {connectPhoneProxy, type EndCall} from './socket.ts';
import * as m from '../paraglide/messages.js';

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
  const person = call && (call.Data.peopleID ? call.Data.peopleName : callerDisplay(call.Data.callerNumber));
  // A panel, not a dialog (issue 31): it takes no focus and covers nothing one is typing into, and
  // it waits while the user types; the calls page lists every call too.
  if (!call || typing) return null;
  return (
    <section
      role="region"
      aria-live="polite"
      aria-label={m.phone_call_prompt_region()}
      className="fixed bottom-[calc(1rem+var(--save-bar-height,0px))] start-4 z-30 w-[min(24rem,calc(100vw-2rem))] rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200 print:hidden"
      data-testid="call-prompt"
    >
      <p className="flex items-start gap-2 font-semibold text-slate-900">
        <PhoneCall className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden />
        {person ? m.phone_call_prompt_title({name: `\u2068${person}\u2069`}) : m.phone_call_prompt_title_withheld()}
      </p>
      <p className="mt-1 text-sm text-slate-500">
        {m.phone_call_prompt_duration({duration: formatDuration(call.Data.callDuration)})}
      </p>
      <p className="mt-2 text-sm text-slate-700">
        {/* The name or number is isolated (FSI…PDI), so a number keeps its order inside Hebrew text. */}
        {person ? m.phone_call_prompt_question({name: `\u2068${person}\u2069`}) : m.phone_call_prompt_question_withheld()}
      </p>
      <div className="mt-3 flex flex-wrap items-center justify-end gap-2">
        {waiting.length > 1 && (
          <span className="me-auto text-xs text-slate-500" data-testid="call-prompt-more">
            {m.phone_call_prompt_more({count: waiting.length - 1})}
          </span>
        )}
        <Button variant="secondary" onClick={() => answer(false)} data-testid="call-prompt-no">
          {m.phone_call_prompt_no()}
        </Button>
        <Button onClick={() => answer(true)} data-testid="call-prompt-yes">
          {m.phone_call_prompt_yes()}
        </Button>
      </div>
    </section>
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
