import { LANGUAGES } from '@branch-assets/domain';
import { describe, expect, it } from 'vitest';
import {
  fillTemplate,
  languageOfHeader,
  SERVER_TEXTS,
  serverEng,
  serverTranslator,
} from './index.ts';

/** Every [path, text] of a server-texts tree. */
function entries(tree: object, path = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string'
      ? [[`${path}${key}`, value]]
      : entries(value as object, `${path}${key}.`),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
/** Written alike in every language: the tax abbreviations. */
const SAME_EVERYWHERE = new Set(['CGST', 'SGST', 'IGST']);

describe('server texts', () => {
  const english = new Map(entries(serverEng));
  for (const language of LANGUAGES.filter((candidate) => candidate !== 'eng')) {
    it(`${language} words every key, keeps the placeholders and copies no English`, () => {
      const own = new Map(entries(SERVER_TEXTS[language]));
      expect([...own.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [path, text] of english) {
        const translated = own.get(path) ?? '';
        expect(placeholders(translated), path).toEqual(placeholders(text));
        if (text === '') expect(translated, path).toBe('');
        else if (!SAME_EVERYWHERE.has(text)) expect(translated, path).not.toBe(text);
        // Latin letters only in the abbreviations staff use as they are, and placeholders.
        const latin = translated.replace(/\{\{\w+\}\}/g, '').match(/[A-Za-z]+/g) ?? [];
        expect(
          latin.filter((word) => !/^(GSTIN|PAN|GST|CGST|SGST|IGST|PO|AMC|IFSC)$/.test(word)),
          path,
        ).toEqual([]);
      }
    });
  }

  it('fills placeholders and leaves an unknown one showing', () => {
    expect(
      fillTemplate('{{resource}} {{label}} created.', { resource: 'Vendor', label: 'Acme' }),
    ).toBe('Vendor Acme created.');
    expect(fillTemplate('Order {{number}} of {{who}}', { number: 7 })).toBe('Order 7 of {{who}}');
  });

  it('picks the language of an Accept-Language header by weight, English when none is spoken', () => {
    expect(languageOfHeader(undefined)).toBe('eng');
    expect(languageOfHeader('ta-IN,ta;q=0.9,en;q=0.8')).toBe('tam');
    expect(languageOfHeader('fr-FR,ml;q=0.5,hi;q=0.7')).toBe('hin');
    expect(languageOfHeader('kn;q=0, te')).toBe('tel');
    expect(languageOfHeader('de, fr')).toBe('eng');
  });

  it('falls back to what the server sent for anything without a key, and in English', () => {
    const tamil = serverTranslator('tam');
    expect(tamil.status('PENDING', 'Pending')).toBe(SERVER_TEXTS.tam.statuses.PENDING);
    expect(tamil.status('ON_HOLD', 'On hold')).toBe('On hold');
    expect(tamil.status(null, 'Pending')).toBe('Pending');
    expect(tamil.header('vendor', 'name', 'Vendor')).toBe(SERVER_TEXTS.tam.columns.vendor.name);
    expect(tamil.header('vendor', 'phone', 'Phone')).toBe(SERVER_TEXTS.tam.columns.any.phone);
    expect(tamil.header('vendor', 'licence', 'Licence')).toBe('Licence');
    expect(tamil.message('record.created', { resource: 'Vendor', label: 'Acme' }, 'x')).toBe(
      fillTemplate(SERVER_TEXTS.tam.messages['record.created'], {
        resource: SERVER_TEXTS.tam.resources.Vendor,
        label: 'Acme',
      }),
    );
    expect(tamil.message('record.archived', {}, 'Vendor Acme archived.')).toBe(
      'Vendor Acme archived.',
    );
    expect(tamil.message(undefined, undefined, 'Reason is required')).toBe('Reason is required');
    expect(tamil.pageTitle('purchase_order', 'list', 'POs')).toBe(
      SERVER_TEXTS.tam.pages.purchase_order.title,
    );
    expect(tamil.pageTitle('stock_take', 'list', 'Stock take')).toBe('Stock take');
    // A menu entry a company renamed keeps its name; the reference wording is translated.
    expect(tamil.menuText({ module: 'vendor', text: 'Vendors' })).toBe(
      SERVER_TEXTS.tam.pages.vendor.title,
    );
    expect(tamil.menuText({ module: 'vendor', text: 'Suppliers' })).toBe('Suppliers');
    expect(tamil.menuText({ module: undefined, text: 'Masters' })).toBe(
      SERVER_TEXTS.tam.menuGroups.Masters,
    );
    const english = serverTranslator('eng');
    expect(english.status('PENDING', 'Awaiting')).toBe('Awaiting');
    expect(english.menuText({ module: 'vendor', text: 'Suppliers' })).toBe('Suppliers');
  });
});
