/**
 * The browser's connection to the phone-proxy sidecar (port 6200 of the same host, spec §7), used only
 * when the phone proxy is enabled. It reconnects after every close, waiting 500 ms and doubling the
 * wait each time (spec §9), back to 500 ms once a connection opens.
 */
export type ProxyMessage = {Type: string; Data?: {peopleName?: string; peopleID?: string; notificationID?: string}; ID?: string};

export function connectPhoneProxy(url: string, onMessages: (messages: ProxyMessage[]) => void) {
  let socket: WebSocket | undefined;
  let delay = 500;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const open = () => {
    socket = new WebSocket(url);
    socket.onopen = () => (delay = 500);
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
      delay *= 2;
    };
  };
  open();

  return {
    send: (message: ProxyMessage) => socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify(message)),
    close() {
      closed = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}
