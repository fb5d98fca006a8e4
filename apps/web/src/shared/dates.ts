import { useMemo } from 'react';
import { useLocale } from './useLocale.ts';

/*
 * One date format and one date-time format for the product, in the interface language's locale
 * (its Indian form, en-IN, ta-IN, …: day first, the month by name), with times in India's zone.
 * Every screen shows dates through these, whatever form the server sent them in.
 */

const ZONE = 'Asia/Kolkata';

/**
 * The day, the month by name and the year of a moment in India, in this order in every language:
 * the product's convention is day first, which some locales' own order (Malayalam: year first)
 * is not, so the parts are the locale's and the order is ours.
 */
function dayMonthYear(moment: Date, locale: string): string {
  const parts = new Intl.DateTimeFormat(locale, {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: ZONE,
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** A calendar date (YYYY-MM-DD) or a moment (ISO 8601), as the date it is in India. */
export function formatDate(value: string, locale: string): string {
  const calendar = /^\d{4}-\d{2}-\d{2}$/.test(value);
  // A calendar date is that day wherever the browser is: read as noon in India.
  const moment = new Date(calendar ? `${value}T12:00:00+05:30` : value);
  if (Number.isNaN(moment.getTime())) return value;
  return dayMonthYear(moment, locale);
}

/** A moment (ISO 8601), as its date and time in India, to the minute. */
export function formatDateTime(value: string, locale: string): string {
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return value;
  const time = moment.toLocaleTimeString(locale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: ZONE,
  });
  return `${dayMonthYear(moment, locale)}, ${time}`;
}

/** Both, in the interface language. */
export function useDates(): {
  date: (value: string) => string;
  dateTime: (value: string) => string;
} {
  const locale = useLocale();
  return useMemo(
    () => ({
      date: (value: string) => formatDate(value, locale),
      dateTime: (value: string) => formatDateTime(value, locale),
    }),
    [locale],
  );
}
