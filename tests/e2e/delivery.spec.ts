import {expect, test} from '@playwright/test';
import {everyPageChunks} from './helpers.ts';

test('the scripts go out compressed (brotli, else gzip) and stay in the browser for good; the page is asked for anew', async ({
  request,
}) => {
  const page = await request.get('/login');
  expect(page.headers()['cache-control']).toBe('no-cache');
  // React, which every page loads (the boot script, the entry and the start chunk are a few kB each).
  const script = (await everyPageChunks(request)).find(file => file.startsWith('/assets/react-runtime-'));
  expect(script, 'every page loads React').toBeDefined();

  const sent: Record<string, {encoding?: string; length: number; body: Buffer}> = {};
  for (const accepted of ['br, gzip, deflate', 'gzip, deflate', 'identity']) {
    const answer = await request.get(script!, {headers: {'accept-encoding': accepted}});
    expect(answer.status(), accepted).toBe(200);
    expect(answer.headers()['content-type'], accepted).toContain('javascript');
    expect(answer.headers()['cache-control'], accepted).toBe('public, max-age=31536000, immutable');
    sent[accepted] = {
      encoding: answer.headers()['content-encoding'],
      length: Number(answer.headers()['content-length']),
      body: await answer.body(),
    };
  }
  expect(sent['br, gzip, deflate']!.encoding).toBe('br');
  expect(sent['gzip, deflate']!.encoding).toBe('gzip');
  expect(sent.identity!.encoding).toBeUndefined();
  // The same script whichever way it went, and a third of the size or less compressed.
  expect(sent['br, gzip, deflate']!.body.equals(sent.identity!.body)).toBe(true);
  expect(sent['gzip, deflate']!.body.equals(sent.identity!.body)).toBe(true);
  expect(sent['br, gzip, deflate']!.length).toBeLessThan(sent.identity!.length / 3);
  expect(sent['gzip, deflate']!.length).toBeLessThan(sent.identity!.length / 3);
});
