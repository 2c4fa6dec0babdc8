import {expect, test} from '@playwright/test';
import {db, search, signIn} from './helpers.ts';

/**
 * Minimum data on the wire (issue 10): what zero-cache actually sends a browser. While a view-only
 * user loads the list, scrolls it and searches it, no seeded card's ID number or phone number is in
 * any WebSocket frame; once they open a card, that card's ID number arrives (so this test can fail).
 */

/** Every E.164 number in a card's details (the candidate's, the parents', the contacts'). */
const phonesIn = (details: Record<string, unknown>): string[] =>
  Object.values(details)
    .flat()
    .filter((v): v is string => typeof v === 'string' && /^\+\d{8,15}$/.test(v));

test('the list sends no ID number or phone, scrolled or searched; an opened card sends its own', async ({page}) => {
  const sql = db();
  const seeded = await sql<
    {id: string; surname: string; database: string; id_number: string; details: Record<string, unknown>; phones: string[]}[]
  >`
    SELECT id, surname, database, id_number, details, phones FROM profile JOIN profile_detail ON profile_id = id
    WHERE id LIKE 'demo-%' AND id_number IS NOT NULL ORDER BY id`;
  await sql.end();
  expect(seeded.length).toBeGreaterThan(10);
  // As they would stand in a frame's JSON: quoted strings.
  const secrets = [...new Set(seeded.flatMap(c => [c.id_number, ...c.phones, ...phonesIn(c.details)]))].map(s =>
    JSON.stringify(s),
  );

  const frames: string[] = [];
  page.on('websocket', ws =>
    ws.on('framereceived', frame =>
      frames.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString('utf8')),
    ),
  );
  await signIn(page, 'demo-viewer');

  // Scroll to the end of the list, then search by a few prefixes the seeded surnames start with.
  await page.getByTestId('candidate-row').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 10_000);
  const general = seeded.filter(c => c.database === 'general');
  const prefixes = [...new Set(general.map(c => c.surname.slice(0, 2)))].slice(0, 5);
  for (const prefix of prefixes) {
    await search(page, prefix);
    await expect(page.getByTestId('candidate-row').first()).toContainText(prefix);
  }
  await search(page, '');
  await expect(page.getByTestId('candidate-row').first()).toBeVisible();

  const listWire = frames.join('\n');
  expect(frames.length).toBeGreaterThan(0);
  // The list did arrive over these frames: its surnames are there.
  expect(listWire).toContain(JSON.stringify(general[0]!.surname));
  expect(secrets.filter(s => listWire.includes(s))).toEqual([]);

  // Opening a seeded card brings its ID number (and nothing of another card's).
  const row = page.locator('[data-testid=candidate-row][data-id^="demo-"]').first();
  const opened = (await row.getAttribute('data-id'))!;
  await row.getByTestId('candidate-open').click();
  await expect(page.getByTestId('card-name')).toBeVisible();
  const own = seeded.find(c => c.id === opened)!;
  await expect.poll(() => frames.join('\n').includes(JSON.stringify(own.id_number))).toBe(true);
  const others = seeded.filter(c => c.id !== opened).map(c => JSON.stringify(c.id_number));
  expect(others.filter(s => frames.join('\n').includes(s))).toEqual([]);
});
