import type { Language } from '@branch-assets/domain';
import { LANGUAGE_TAGS } from '../tags.ts';
import { type ServerTexts, serverEng } from './eng.ts';
import { serverHin } from './hin.ts';
import { serverKan } from './kan.ts';
import { serverMal } from './mal.ts';
import { serverTam } from './tam.ts';
import { serverTel } from './tel.ts';

export { type ServerTexts, serverEng } from './eng.ts';

/** Every language's server texts: the gateway holds them all (a browser loads none of them). */
export const SERVER_TEXTS: Readonly<Record<Language, ServerTexts>> = {
  eng: serverEng,
  tam: serverTam,
  hin: serverHin,
  tel: serverTel,
  mal: serverMal,
  kan: serverKan,
};

export type MessageParams = Readonly<Record<string, string | number>>;

/** Fills `{{name}}` from params; a name without a value stays as written, so a gap shows. */
export function fillTemplate(template: string, params: MessageParams = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/**
 * The language of an Accept-Language header: the first of its tags (by weight) whose language
 * the product speaks; English when none is.
 */
export function languageOfHeader(header: string | undefined): Language {
  if (!header) return 'eng';
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const weight = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const q = weight ? Number(weight.slice(2)) : 1;
      return {
        primary: tag.trim().toLowerCase().split('-')[0] ?? '',
        q: Number.isNaN(q) ? 0 : q,
        index,
      };
    })
    .filter((tag) => tag.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { primary } of tags) {
    const found = (Object.entries(LANGUAGE_TAGS) as [Language, string][]).find(
      ([, bcp47]) => bcp47.split('-')[0] === primary,
    );
    if (found) return found[0];
  }
  return 'eng';
}

function lookup(table: object, key: string): string | undefined {
  const value = (table as Record<string, unknown>)[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * What the gateway shows of a server's English in one language, each by its stable key, each
 * falling back to the text as the server sent it when it has no key here (a company's own legacy
 * server may send texts and codes this product does not know). English answers the server's own
 * text, which a company may have worded differently.
 */
export interface ServerTranslator {
  readonly language: Language;
  pageTitle(module: string, action: string, sent: string): string;
  pageDescription(module: string, action: string, sent: string): string;
  /** A menu entry: a module's entry by the module's title, a group by its name. */
  menuText(entry: { module: string | null | undefined; text: string }): string;
  status(code: string | null | undefined, sent: string): string;
  header(list: string, field: string, sent: string): string;
  message(code: string | null | undefined, params: MessageParams | undefined, sent: string): string;
  orderAction(action: string): string;
}

export function serverTranslator(language: Language): ServerTranslator {
  const texts = SERVER_TEXTS[language];
  const english = language === 'eng';
  const page = (module: string) =>
    (texts.pages as Record<string, ServerTexts['pages']['asset'] | undefined>)[module];
  const pageOfAction = (module: string, action: string) => {
    const found = page(module);
    if (!found) return undefined;
    return action === 'list' ? found.title : action === 'create' ? found.create : undefined;
  };
  const englishPage = (module: string) =>
    (serverEng.pages as Record<string, { title: string } | undefined>)[module];
  return {
    language,
    pageTitle: (module, action, sent) =>
      english ? sent : (lookup({ t: pageOfAction(module, action) }, 't') ?? sent),
    pageDescription: (module, action, sent) => {
      if (english) return sent;
      if (action === 'create') return texts.createDescription;
      return (
        (action === 'list' ? lookup({ d: page(module)?.description }, 'd') : undefined) ?? sent
      );
    },
    menuText: ({ module, text }) => {
      if (english) return text;
      // An entry the company renamed keeps its name: only the reference wording is translated.
      if (module) return englishPage(module)?.title === text ? (page(module)?.title ?? text) : text;
      return lookup(texts.menuGroups, text) ?? text;
    },
    status: (code, sent) => (english || !code ? sent : (lookup(texts.statuses, code) ?? sent)),
    header: (list, field, sent) => {
      if (english) return sent;
      const own = (texts.columns as Record<string, object | undefined>)[list];
      return (own && lookup(own, field)) ?? lookup(texts.columns.any, field) ?? sent;
    },
    message: (code, params, sent) => {
      if (english || !code) return sent;
      const template = lookup(texts.messages, code);
      if (!template) return sent;
      const resource = params?.resource;
      const named =
        typeof resource === 'string'
          ? { ...params, resource: lookup(texts.resources, resource) ?? resource }
          : params;
      return fillTemplate(template, named);
    },
    orderAction: (action) => (english ? action : (lookup(texts.orderActions, action) ?? action)),
  };
}
