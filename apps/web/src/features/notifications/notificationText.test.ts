import { eng } from '@branch-assets/i18n';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { notificationText } from './notificationText.ts';

async function english() {
  const instance = i18next.createInstance();
  await instance.init({
    lng: 'eng',
    resources: { eng: { translation: eng } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

describe('notificationText', () => {
  it('words an alert by its kind, with its dates written the user’s way', async () => {
    const t = await english();
    expect(
      notificationText(
        t,
        {
          kind: 'CONTRACT_ENDING',
          text: 'ignored',
          values: [
            { name: 'number', value: 'AMC-7' },
            { name: 'vendor', value: 'Medline' },
            { name: 'days', value: '12' },
            { name: 'date', value: '2026-12-08' },
          ],
        },
        (value) => `[${value}]`,
      ),
    ).toBe('Contract AMC-7 (Medline) ends in 12 days, on [2026-12-08].');
  });

  it('words the action a transfer waits for', async () => {
    const t = await english();
    expect(
      notificationText(
        t,
        {
          kind: 'TRANSFER_WAITING',
          text: 'ignored',
          values: [
            { name: 'number', value: 'TRF/CHN-ANN/2026-27/0003' },
            { name: 'from', value: 'CHN-ANN' },
            { name: 'to', value: 'BLR-JAY' },
            { name: 'action', value: 'receive' },
          ],
        },
        (value) => value,
      ),
    ).toBe('Transfer TRF/CHN-ANN/2026-27/0003 (CHN-ANN → BLR-JAY) waits for you to receive it.');
  });

  it('keeps the server’s words for a kind it does not know', async () => {
    const t = await english();
    expect(
      notificationText(
        t,
        { kind: 'SOMETHING_NEW' as 'NO_COVER', text: 'As the server said.', values: [] },
        (v) => v,
      ),
    ).toBe('As the server said.');
  });
});
