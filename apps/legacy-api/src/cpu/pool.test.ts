import { describe, expect, it } from 'vitest';
import { largePng } from '../gallery/test-images.ts';
import { useBranchLogins } from '../test/factories.ts';
import { useTestApi } from '../test/test-api.ts';
import { BUSY_MESSAGE } from './pool.ts';
import { uploadImage } from './under-load.ts';

/*
 * The pool's bound: UPLOAD_WORKERS files are processed at once, UPLOAD_QUEUE_LIMIT more wait, and
 * the next one is refused with 429 at once, writing nothing. One worker and a queue of one here:
 * two of five large images sent together get in (decoding one takes a second or more, far longer
 * than the five requests take to arrive), three are refused.
 */

// From the reference data, with an administrator of a branch of its own (test/factories.ts).
const api = useTestApi({
  reference: true,
  env: { UPLOAD_WORKERS: '1', UPLOAD_QUEUE_LIMIT: '1' },
});
const { token } = useBranchLogins(api, ['admin'] as const);

describe('a full upload pool', () => {
  it('answers 429 with a message to try again, writes nothing for it, and takes uploads again once free', async () => {
    const png = largePng();
    const before = await api.count('galleryImages');
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map((index) => uploadImage(api.app, token('admin'), png, `Plan ${index}`)),
    );
    const stored = answers.filter((answer) => answer.status === 200);
    const busy = answers.filter((answer) => answer.status === 429);
    expect(stored.map((answer) => [answer.flag, answer.output])).toEqual([
      [1, expect.stringMatching(/^Image Plan \d uploaded\.$/)],
      [1, expect.stringMatching(/^Image Plan \d uploaded\.$/)],
    ]);
    expect(busy).toEqual(Array(3).fill({ status: 429, flag: 0, output: BUSY_MESSAGE }));
    expect(await api.count('galleryImages')).toBe(before + 2);

    const again = await uploadImage(api.app, token('admin'), png, 'Plan 6');
    expect(again).toEqual({ status: 200, flag: 1, output: 'Image Plan 6 uploaded.' });
  }, 120_000);
});
