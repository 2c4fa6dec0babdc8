import {useNavigate} from '@tanstack/react-router';
import {PhoneCall} from 'lucide-react';
import {useEffect, useRef, useState} from 'react';
import {Button} from '../ui/controls.tsx';
import {Dialog} from '../ui/Dialog.tsx';
import {callerDisplay, formatDuration, newActivityForCall} from '../calls/format.ts';
import {connectPhoneProxy, type EndCall} from './socket.ts';
import * as m from '../paraglide/messages.js';

/**
 * While a shadchan is signed in and the phone proxy is enabled, this browser listens to the sidecar.
 * When a proxied call ends it asks, naming the person (or the number), whether to open a new activity
 * for them (spec §7). Either answer replies NOTIFICATION_READED, which the sidecar keeps for good, so the
 * question is never asked again, here or after a reload; a question answered in another tab goes away.
 * Calls that ended meanwhile wait their turn.
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

  const person = call && (call.Data.peopleID ? call.Data.peopleName : callerDisplay(call.Data.callerNumber));
  return (
    <Dialog
      open={call !== undefined}
      onOpenChange={open => !open && answer(false)}
      title={person ? m.phone_call_prompt_title({name: `\u2068${person}\u2069`}) : m.phone_call_prompt_title_withheld()}
      description={call && m.phone_call_prompt_duration({duration: formatDuration(call.Data.callDuration)})}
    >
      <div data-testid="call-prompt">
        <p className="mb-5 flex items-center gap-2 text-sm text-slate-700">
          <PhoneCall className="size-4 shrink-0 text-brand-700" aria-hidden />
          {/* The name or number is isolated (FSI…PDI), so a number keeps its order inside Hebrew text. */}
          {person ? m.phone_call_prompt_question({name: `\u2068${person}\u2069`}) : m.phone_call_prompt_question_withheld()}
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={() => answer(false)} data-testid="call-prompt-no">
            {m.phone_call_prompt_no()}
          </Button>
          <Button onClick={() => answer(true)} data-testid="call-prompt-yes">
            {m.phone_call_prompt_yes()}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
