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
