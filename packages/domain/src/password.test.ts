import { describe, expect, it } from 'vitest';
import { passwordProblems } from './password.ts';

describe('passwordProblems', () => {
  it('accepts a password of 8+ characters with a letter and a digit', () => {
    expect(passwordProblems('Demo@1234')).toEqual([]);
    expect(passwordProblems('abcdefg1')).toEqual([]);
  });
  it('lists every rule broken', () => {
    expect(passwordProblems('')).toEqual(['length', 'letter', 'digit']);
    expect(passwordProblems('abc1')).toEqual(['length']);
    expect(passwordProblems('12345678')).toEqual(['letter']);
    expect(passwordProblems('abcdefgh')).toEqual(['digit']);
    expect(passwordProblems(`a1${'x'.repeat(127)}`)).toEqual(['length']);
  });
});
