import type {useQuery} from '@rocicorp/zero/react';
import {SAY} from '../../lib/dictionary.ts';
import {Button} from '../../ui/controls.tsx';
import {Loading} from '../../ui/Loading.tsx';
import * as m from '../../paraglide/messages.js';

type Details = ReturnType<typeof useQuery>[1];

/**
 * A card that is not on screen: while it loads nothing; when the server could not answer its query,
 * "trouble loading the profile" (spec §8) and a way to try again; when it answered without it, not found
 * (a card the user may not see is not found either).
 */
export function CardUnavailable({details}: {details: Details}) {
  if (details.type === 'error') {
    return (
      <div className="space-y-3 py-16 text-center" role="alert" data-testid="card-load-failed">
        <p className="text-slate-700">{SAY.profileLoadFailed()}</p>
        <Button variant="secondary" onClick={() => details.retry()}>
          {m.action_retry()}
        </Button>
      </div>
    );
  }
  if (details.type !== 'complete') return <Loading />;
  return (
    <p className="py-16 text-center text-slate-500" data-testid="card-not-found">
      {m.card_not_found()}
    </p>
  );
}
