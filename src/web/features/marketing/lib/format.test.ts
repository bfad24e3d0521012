import { describe, expect, it } from 'vitest';
import { formatAmount, formatClockPart, formatPercent } from './format';

describe('number formats', () => {
  it('pads clock parts to two digits', () => {
    expect(formatClockPart('en', 5)).toBe('05');
    expect(formatClockPart('ar', 59)).toBe('59');
  });

  it('writes percentages the way each language does', () => {
    expect(formatPercent('en', 0.0625)).toBe('6.25%');
    expect(formatPercent('fr', 0.125)).toBe('12,5\u00a0%');
    expect(formatPercent('ar', 0.1875)).toMatch(/18\.75/);
  });

  it('writes amounts with the language decimal separator', () => {
    expect(formatAmount('en', 7.5, 2)).toBe('7.50');
    expect(formatAmount('fr', 7.5, 2)).toBe('7,50');
    expect(formatAmount('ar', 6.5, 2)).toBe('6.50');
  });
});
