import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

const DECIMAL = /^-?\d{1,12}\.\d{2}$/;

export const Decimal = new GraphQLScalarType<string, string>({
  name: 'Decimal',
  description: 'An amount in rupees as a string with two decimals.',
  serialize(value) {
    if (typeof value === 'string' && DECIMAL.test(value)) return value;
    throw new GraphQLError('Decimal values are strings with two decimals.');
  },
  parseValue(value) {
    if (typeof value === 'string' && DECIMAL.test(value)) return value;
    throw new GraphQLError('A Decimal is a string with two decimals, such as "1234.50".');
  },
  parseLiteral(node) {
    if (node.kind === Kind.STRING && DECIMAL.test(node.value)) return node.value;
    throw new GraphQLError('A Decimal is a string with two decimals, such as "1234.50".');
  },
});

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !CALENDAR_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const CalendarDate = new GraphQLScalarType<string, string>({
  name: 'Date',
  description: 'A calendar date as YYYY-MM-DD.',
  serialize(value) {
    if (isCalendarDate(value)) return value;
    throw new GraphQLError('Date values are calendar dates as YYYY-MM-DD.');
  },
  parseValue(value) {
    if (isCalendarDate(value)) return value;
    throw new GraphQLError('A Date is a calendar date as YYYY-MM-DD.');
  },
  parseLiteral(node) {
    if (node.kind === Kind.STRING && isCalendarDate(node.value)) return node.value;
    throw new GraphQLError('A Date is a calendar date as YYYY-MM-DD.');
  },
});

export const DateTime = new GraphQLScalarType<string, string>({
  name: 'DateTime',
  description: 'A moment as an ISO 8601 string with an offset.',
  serialize(value) {
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return value;
    throw new GraphQLError('DateTime values are ISO 8601 strings.');
  },
  parseValue(value) {
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return value;
    throw new GraphQLError('A DateTime is an ISO 8601 string.');
  },
  parseLiteral(node) {
    if (node.kind === Kind.STRING && !Number.isNaN(Date.parse(node.value))) return node.value;
    throw new GraphQLError('A DateTime is an ISO 8601 string.');
  },
});
