import {useQuery} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import type {ReadonlyJSONValue} from '@rocicorp/zero';
import {activityQueries} from './queries.ts';
import {personName} from './labels.ts';
import {TRANSFER_FIELD, type TransferRecord} from './transfer.ts';
import * as m from '../paraglide/messages.js';

/** Whether a history row is a transfer of activities (app/activities/transfer.ts) rather than a changed value. */
export const isTransferEntry = (field: string) => field === TRANSFER_FIELD;

/**
 * A transfer of activities in a card's history: which activities (their codes), and to or from which
 * card. The other card is named, with a link, only when the user may see it.
 */
export function TransferHistoryEntry({profileID, value}: {profileID: string; value: ReadonlyJSONValue | undefined}) {
  const record = value as TransferRecord;
  const outgoing = record.from === profileID;
  const otherID = outgoing ? record.to : record.from;
  const [other] = useQuery(activityQueries.candidate({id: otherID}));
  const codes = record.codes.map(code => `#${code}`).join(', ');
  if (!other) {
    return (
      <span className="text-slate-700" data-testid="history-transfer">
        {outgoing ? m.history_transferred_to_hidden({codes}) : m.history_transferred_from_hidden({codes})}
      </span>
    );
  }
  return (
    <span className="text-slate-700" data-testid="history-transfer">
      {outgoing ? m.history_transferred_to({codes}) : m.history_transferred_from({codes})}{' '}
      <Link to="/home/tickets/$id" params={{id: otherID}} className="font-medium text-brand-700 hover:underline">
        <bdi>{personName(other)}</bdi>
      </Link>
    </span>
  );
}
