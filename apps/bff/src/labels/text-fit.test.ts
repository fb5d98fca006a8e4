import { describe, expect, it } from 'vitest';
import { ellipsise, wrapLines } from './text-fit.ts';

// One unit per UTF-16 code unit: easy to reason about, and it makes a Devanagari cluster wide.
const measure = (text: string) => text.length;

describe('wrapLines', () => {
  it('fills lines word by word', () => {
    expect(wrapLines('Dell Latitude 5440 laptop', 14, 2, measure)).toEqual([
      'Dell Latitude',
      '5440 laptop',
    ]);
  });

  it('ends the last line with an ellipsis when the text does not fit', () => {
    expect(wrapLines('one two three four five six', 9, 2, measure)).toEqual([
      'one two',
      'three fo…',
    ]);
  });

  it('cuts a word longer than a line between graphemes', () => {
    expect(wrapLines('abcdefghij klm', 4, 3, measure)).toEqual(['abcd', 'efgh', 'ij…']);
    // क्षा is one cluster of four code units: a cut by code unit would leave 'कक्ष' and 'ा'.
    expect(wrapLines('कक्षा', 4, 2, measure)).toEqual(['क', 'क्षा']);
  });

  it('gives no line for blank text', () => {
    expect(wrapLines('   ', 10, 2, measure)).toEqual([]);
  });
});

describe('ellipsise', () => {
  it('keeps text that fits', () => {
    expect(ellipsise('Chennai', 7, measure)).toBe('Chennai');
  });

  it('cuts before the ellipsis, without a space before it', () => {
    expect(ellipsise('Anna Nagar West', 6, measure)).toBe('Anna…');
  });
});
