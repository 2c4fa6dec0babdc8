/**
 * The browser's connection to the phone-proxy sidecar (port 6200 of the same host, spec §7), used only
 * when the phone proxy is enabled. It reconnects after every close, waiting 500 ms and doubling the
 * wait each time up to MAX_RECONNECT_MS (spec §4, §9), back to 500 ms once a connection opens. What the
 * browser says while disconnected waits and goes out when the connection is back, so an answer given
 * during a reconnect is not lost.
 */

/** A call that ended (server/phone-proxy/relay.ts EndCall): the card when the user may see it, else the number. */
export type EndCall = {
  Type: 'END_CALL';
  Data: {
    peopleName: string | null;
    peopleID: string | null;
    callerNumber: string | null;
    callDuration: number;
    phoneCallID: string;
  };
  ID: string;
};
/** The browser's answer to an END_CALL; the sidecar also sends it to the user's other tabs once answered. */
export type NotificationReaded = {Type: 'NOTIFICATION_READED'; Data: {notificationID: string}};
export type ProxyMessage = EndCall | NotificationReaded;

export const FIRST_RECONNECT_MS = 500;
export const MAX_RECONNECT_MS = 30_000;

export function connectPhoneProxy(url: string, onMessages: (messages: ProxyMessage[]) => void) {
  let socket: WebSocket | undefined;
  let delay = FIRST_RECONNECT_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  const waiting: string[] = [];

  const open = () => {
    socket = new WebSocket(url);
    socket.onopen = () => {
      delay = FIRST_RECONNECT_MS;
      for (const text of waiting.splice(0)) socket?.send(text);
    };
    socket.onmessage = event => {
      try {
        const data = JSON.parse(String(event.data)) as ProxyMessage | ProxyMessage[];
        onMessages(Array.isArray(data) ? data : [data]);
      } catch {
        // Not JSON: nothing the app can act on.
      }
    };
    socket.onclose = () => {
      if (closed) return;
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, MAX_RECONNECT_MS);
    };
  };
  open();

  return {
    send(message: ProxyMessage) {
      const text = JSON.stringify(message);
      if (socket?.readyState === WebSocket.OPEN) socket.send(text);
      else waiting.push(text);
    },
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}
