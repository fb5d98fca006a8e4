import { describe, expect, it } from 'vitest';
import { type StatusTone, statusTone, THEME_COLORS, toneColors } from './status-tone.ts';

// WCAG 2.x relative luminance and contrast ratio, to keep the numbers in toneColors' comment honest.
function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('statusTone', () => {
  it.each<[string, StatusTone]>([
    ['Not completed', 'warning'],
    ['Pending', 'warning'],
    ['Process', 'warning'],
    ['Returned', 'warning'],
    ['Disabled', 'warning'],
    ['Yet to complete', 'warning'],
    ['Not eligible', 'warning'],
    ['Suspended', 'warning'],
    ['Waiting For Approval', 'warning'],
    ['Waiting For Confirmation', 'warning'],
    ['ZP Approval Pending', 'warning'],
    ['NHQ Approval Pending', 'warning'],
    ['Active', 'success'],
    ['Approved', 'success'],
    ['Used', 'success'],
    ['Enabled', 'success'],
    ['Rejected', 'danger'],
    ['Not scored', 'danger'],
    ['Dissaffiliated', 'danger'],
    ['Inactive', 'danger'],
    ['Cancelled', 'danger'],
    ['Completed', 'primary'],
    ['Closed', 'primary'],
    ['Scored', 'primary'],
    ['Provisional', 'primary'],
  ])('%s is %s', (text, tone) => {
    expect(statusTone(text)).toBe(tone);
  });

  it('ignores case and surrounding whitespace', () => {
    expect(statusTone('  waiting for APPROVAL \t')).toBe('warning');
    expect(statusTone('ACTIVE')).toBe('success');
    expect(statusTone('\nclosed')).toBe('primary');
  });

  it('is dark for empty, missing and unknown statuses', () => {
    expect(statusTone('')).toBe('dark');
    expect(statusTone('   ')).toBe('dark');
    expect(statusTone(null)).toBe('dark');
    expect(statusTone(undefined)).toBe('dark');
    expect(statusTone('Archived')).toBe('dark');
  });

  it('matches whole words only, with the legacy spelling', () => {
    expect(statusTone('Disaffiliated')).toBe('dark');
    expect(statusTone('Not  completed')).toBe('dark');
    expect(statusTone('Active!')).toBe('dark');
    expect(statusTone('Pending approval')).toBe('dark');
  });
});

describe('toneColors', () => {
  const tones: StatusTone[] = ['primary', 'success', 'danger', 'warning', 'dark'];

  it('gives every tone a light background and a text colour of at least 4.5:1 on it (WCAG AA)', () => {
    for (const tone of tones) {
      const { background, text } = toneColors(tone);
      expect(background).toMatch(/^#[0-9A-F]{6}$/);
      expect(text).toMatch(/^#[0-9A-F]{6}$/);
      expect(luminance(background)).toBeGreaterThan(0.6);
      expect(contrast(background, text)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('keeps the tones apart', () => {
    const backgrounds = new Set(tones.map((tone) => toneColors(tone).background));
    expect(backgrounds.size).toBe(tones.length);
  });

  it('explains why: white text on the theme colours fails AA for warning and success', () => {
    expect(contrast(THEME_COLORS.warning, '#FFFFFF')).toBeLessThan(3);
    expect(contrast(THEME_COLORS.success, '#FFFFFF')).toBeLessThan(3);
  });
});
