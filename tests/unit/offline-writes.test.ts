import {describe, expect, test} from 'vitest';
import type {MutatorResult} from '@rocicorp/zero';
import {confirmed} from '../../app/lib/mutate.ts';
import * as m from '../../app/paraglide/messages.js';

// What confirmed() makes of the results Zero 1.9's client gives a mutation (docs/pwa.md, "Writes while offline").
type Details = Awaited<MutatorResult['server']>;
const success: Details = {type: 'success'};
const offline: Details = {
  type: 'error',
  error: {type: 'zero', message: 'Zero was unable to connect for 60 seconds and was disconnected'},
};
const refused: Details = {type: 'error', error: {type: 'app', message: 'no', details: {code: 'forbidden'}}};
const result = (client: Details, server: Promise<Details> | Details) =>
  ({client: Promise.resolve(client), server: Promise.resolve(server)}) as MutatorResult;

describe('confirmed', () => {
  test('a change the server took is saved', async () => {
    expect(await confirmed(result(success, success))).toEqual({ok: true});
  });

  test('a client that gave up connecting refuses the change before applying it: not saved, and why', async () => {
    expect(await confirmed(result(offline, offline))).toEqual({ok: false, fields: {}, message: m.offline_write_refused()});
  });

  test('a queued change whose wait Zero ended (it keeps it and sends it on reconnect) is waiting, not refused', async () => {
    expect(await confirmed(result(success, offline))).toEqual({ok: true, waiting: true});
  });

  test('the server refusing the change is a refusal with its own message', async () => {
    const outcome = await confirmed(result(success, refused));
    expect(outcome.ok).toBe(false);
    expect(outcome.ok === false && outcome.message).not.toBe(m.offline_write_refused());
  });

  test('offline, a change applied here does not keep the form waiting for the server', async () => {
    const never = new Promise<Details>(() => {});
    expect(await confirmed(result(success, never), () => false)).toEqual({ok: true, waiting: true});
  });
});
