// What the sidecar relays (spec §3 "Websocket message", §7): each call that ended, as END_CALL, to its
// shadchan's open sockets, until the browser answers NOTIFICATION_READED. The notifications live in
// Postgres (phone_call_notification, written by the API's webhook); the database announces each new one
// on the `phone_call_notification` channel (migrations/0021), which the sidecar LISTENs to with the
// app's own database credentials. What a notification says of the card was decided by the server's read
// rule when the call was stored: the sidecar only passes it on.

import type {Sql} from '../db/sql.ts';

export const NOTIFY_CHANNEL = 'phone_call_notification';

/**
 * A call that ended, as the browser receives it. peopleName/peopleID name the matched card only when the
 * shadchan may see it; otherwise peopleName is the caller's number (null when withheld) and peopleID
 * null. callerNumber (E.164 or null), callDuration (seconds) and phoneCallID let "yes" open a new
 * activity for the call. ID is the notification's id, the one NOTIFICATION_READED names.
 */
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

/** Tells a user's other sockets that a notification was answered, so no other tab keeps asking. */
export type NotificationReaded = {Type: 'NOTIFICATION_READED'; Data: {notificationID: string}};

type Row = {
  id: string;
  user_id: string;
  people_name: string | null;
  people_id: string | null;
  caller_number: string | null;
  duration_seconds: number;
  phone_call_id: string;
};

const endCall = (row: Row): EndCall => ({
  Type: 'END_CALL',
  Data: {
    peopleName: row.people_id ? row.people_name : row.caller_number,
    peopleID: row.people_id,
    callerNumber: row.caller_number,
    callDuration: row.duration_seconds,
    phoneCallID: row.phone_call_id,
  },
  ID: row.id,
});

/** Unread notifications, oldest first: of one user, or the one just announced (still unread: not yet answered elsewhere). */
async function unread(sql: Sql, where: {userID: string} | {id: string}) {
  const rows = await sql<Row[]>`
    SELECT n.id, n.user_id, n.people_name, n.people_id, c.caller_number, c.duration_seconds, n.phone_call_id
    FROM phone_call_notification n JOIN phone_call c ON c.id = n.phone_call_id
    WHERE n.read_at IS NULL AND ${'id' in where ? sql`n.id = ${where.id}` : sql`n.user_id = ${where.userID}`}
    ORDER BY n.created_at, n.id`;
  return rows;
}

/** The browser's answer; anything else is ignored. */
export function readedID(text: string): string | undefined {
  try {
    const message = JSON.parse(text) as {Type?: unknown; Data?: {notificationID?: unknown}};
    const id = message?.Type === 'NOTIFICATION_READED' ? message.Data?.notificationID : undefined;
    return typeof id === 'string' && id.length > 0 && id.length <= 100 ? id : undefined;
  } catch {
    return undefined;
  }
}

export type Relay = {
  /** Every unread notification of the user: what a socket gets when it opens (nothing is lost while away). */
  unreadOf(userID: string): Promise<EndCall[]>;
  /** Marks the user's own notification read for good; whether it was theirs and still unread. */
  markRead(userID: string, notificationID: string): Promise<boolean>;
  close(): Promise<void>;
};

/**
 * Listens for new notifications and hands each to `deliver` (its user and the message) when that user
 * has a socket here (`connected`); otherwise it waits in the database for the user's next socket.
 */
export async function startRelay(
  sql: Sql,
  connected: (userID: string) => boolean,
  deliver: (userID: string, message: EndCall) => void,
): Promise<Relay> {
  const listening = await sql.listen(NOTIFY_CHANNEL, payload => {
    const {id, userID} = JSON.parse(payload) as {id: string; userID: string};
    if (!connected(userID)) return;
    void unread(sql, {id}).then(
      ([row]) => row && deliver(userID, endCall(row)),
      err => console.error(`cannot read notification ${id}: ${String(err)}`),
    );
  });
  return {
    unreadOf: async userID => (await unread(sql, {userID})).map(endCall),
    async markRead(userID, notificationID) {
      const marked = await sql`
        UPDATE phone_call_notification SET read_at = now()
        WHERE id = ${notificationID} AND user_id = ${userID} AND read_at IS NULL`;
      return marked.count === 1;
    },
    close: () => listening.unlisten(),
  };
}
