import {defineMutator} from '@rocicorp/zero';
import {confirmCouple, recordCouple, undoCouple} from '../../app/engaged-couples/mutators.ts';
import {coupleIDSchema, coupleSchema} from '../../app/engaged-couples/schema.ts';
import {pgOf} from '../db/sql.ts';
import {issueCoupleCards, revokeCoupleCards} from './benefit-cards.ts';

/** The server's engaged-couple writes: the same mutators, with the benefit cards in the same transaction. */
export const engagedCoupleServerMutators = {
  record: defineMutator(coupleSchema, opts =>
    recordCouple(opts, Date.now(), (couple, by) => issueCoupleCards(pgOf(opts.tx), couple, by.userID)),
  ),
  confirm: defineMutator(coupleIDSchema, opts =>
    confirmCouple(opts, Date.now(), (couple, by) => issueCoupleCards(pgOf(opts.tx), couple, by.userID)),
  ),
  undo: defineMutator(coupleIDSchema, opts =>
    undoCouple(opts, Date.now(), (couple, by) => revokeCoupleCards(pgOf(opts.tx), couple.id, by.userID)),
  ),
};
