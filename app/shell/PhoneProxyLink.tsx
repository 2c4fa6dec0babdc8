import {useEffect} from 'react';
import {toast} from 'sonner';
import {connectPhoneProxy} from '../phone-proxy/socket.ts';
import * as m from '../paraglide/messages.js';

/**
 * While a shadchan is signed in and the phone proxy is enabled, this browser listens to the sidecar.
 * When a proxied call ends, the shadchan hears about it (naming the person) and the notice is marked
 * read (spec §7: END_CALL → NOTIFICATION_READED).
 */
export function PhoneProxyLink({port}: {port: number}) {
  useEffect(() => {
    const protocol = location.protocol === 'https:' ? 'wss' : 'ws';
    const link = connectPhoneProxy(`${protocol}://${location.hostname}:${port}/ws`, messages => {
      for (const message of messages) {
        if (message.Type !== 'END_CALL') continue;
        toast.info(m.phone_call_ended({name: message.Data?.peopleName ?? ''}), {duration: 15_000});
        link.send({Type: 'NOTIFICATION_READED', Data: {notificationID: message.ID ?? ''}});
      }
    });
    return () => link.close();
  }, [port]);
  return null;
}
