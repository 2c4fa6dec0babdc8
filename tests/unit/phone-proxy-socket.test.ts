import {afterEach, beforeEach, expect, test, vi} from 'vitest';
import {connectPhoneProxy, MAX_RECONNECT_MS} from '../../app/phone-proxy/socket.ts';

/**
 * The browser side's reconnect schedule and its waiting answers, against a stand-in for the browser's
 * WebSocket whose connections the test opens or drops (the sidecar itself is tested in tests/pg).
 */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen?: () => void;
  onclose?: () => void;
  onmessage?: (event: {data: string}) => void;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {}
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('reconnects after 500 ms, doubling up to a 30 s cap, and starts again from 500 ms once connected', async () => {
  const link = connectPhoneProxy('ws://localhost:6200/ws', () => {});
  const waits: number[] = [];
  for (let i = 0; i < 9; i++) {
    const before = FakeSocket.all.length;
    const dropped = Date.now();
    FakeSocket.all.at(-1)!.drop();
    await vi.advanceTimersToNextTimerAsync();
    expect(FakeSocket.all.length).toBe(before + 1);
    waits.push(Date.now() - dropped);
  }
  expect(waits).toEqual([500, 1000, 2000, 4000, 8000, 16_000, MAX_RECONNECT_MS, MAX_RECONNECT_MS, MAX_RECONNECT_MS]);
  FakeSocket.all.at(-1)!.accept();
  const dropped = Date.now();
  FakeSocket.all.at(-1)!.drop();
  await vi.advanceTimersToNextTimerAsync();
  expect(Date.now() - dropped).toBe(500);
  link.close();
});

test('an answer given while disconnected goes out when the connection is back', async () => {
  const link = connectPhoneProxy('ws://localhost:6200/ws', () => {});
  FakeSocket.all[0]!.drop();
  link.send({Type: 'NOTIFICATION_READED', Data: {notificationID: 'n1'}});
  await vi.advanceTimersToNextTimerAsync();
  const second = FakeSocket.all[1]!;
  expect(second.sent).toEqual([]);
  second.accept();
  expect(second.sent.map(t => JSON.parse(t))).toEqual([{Type: 'NOTIFICATION_READED', Data: {notificationID: 'n1'}}]);
  link.close();
});
