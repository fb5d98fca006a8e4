import type { Language } from '@branch-assets/domain';
import { LANGUAGES } from '@branch-assets/domain';
import { describe, expect, it } from 'vitest';
import { loadMessages, type Messages } from './index.ts';

const messages = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (code) => [code, await loadMessages(code)] as const)),
) as Record<Language, Messages>;

type Tree = { readonly [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : leaves(value, `${prefix}${key}.`),
  );
}

const english = new Map(leaves(messages.eng));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

// Strings that are the same in every language on purpose: language names are written in their own
// script everywhere, and tax abbreviations are used as they are in Indian invoices in every language.
const SAME_EVERYWHERE = new Set([
  'language.eng',
  'language.tam',
  'language.hin',
  'language.tel',
  'language.mal',
  'language.kan',
  'purchaseOrders.sgst',
  'purchaseOrders.cgst',
  'purchaseOrders.igst',
]);

// The script each language is written in (Unicode block), to catch English left untranslated.
const SCRIPTS: Record<string, RegExp> = {
  tam: /[\u0B80-\u0BFF]/,
  hin: /[\u0900-\u097F]/,
  tel: /[\u0C00-\u0C7F]/,
  mal: /[\u0D00-\u0D7F]/,
  kan: /[\u0C80-\u0CFF]/,
};

describe('messages', () => {
  for (const language of LANGUAGES.filter((code) => code !== 'eng')) {
    describe(language, () => {
      const own = new Map(leaves(messages[language]));

      it('has exactly the English keys', () => {
        expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
      });

      it('keeps every placeholder of the English string', () => {
        for (const [key, text] of english) {
          expect(placeholders(own.get(key) ?? ''), key).toEqual(placeholders(text));
        }
      });

      it('translates every string into its own script (no English copies)', () => {
        const script = SCRIPTS[language];
        if (!script) throw new Error(`no script known for ${language}`);
        for (const [key, text] of own) {
          if (SAME_EVERYWHERE.has(key)) continue;
          expect(text, key).not.toBe(english.get(key));
          expect(script.test(text), `${key}: "${text}"`).toBe(true);
        }
      });
    });
  }

  it('keeps the legacy empty-products text in English only', () => {
    expect(messages.eng.purchaseOrders.noProducts).toBe('No puchase products found');
    expect(messages.tam.purchaseOrders.noProducts).not.toContain('puchase');
  });
});
