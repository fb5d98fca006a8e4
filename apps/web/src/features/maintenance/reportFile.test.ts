import { describe, expect, it } from 'vitest';
import { csvCell, csvOf, sumAmounts } from './reportFile.ts';

describe('the AMC report file', () => {
  it('adds amounts exactly, to the paisa', () => {
    expect(sumAmounts(['0.10', '0.20', '1234.50'])).toBe('1234.80');
    expect(sumAmounts([])).toBe('0.00');
  });

  it('quotes what needs quoting and keeps formulas as text', () => {
    expect(csvCell('Medline Equipments, Chennai')).toBe('"Medline Equipments, Chennai"');
    expect(csvCell('A "CMC"')).toBe('"A ""CMC"""');
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell(-12)).toBe('-12');
    expect(csvCell(null)).toBe('');
    expect(csvCell('₹1,000')).toBe('"₹1,000"');
  });

  it('puts each table under its title, a blank line between, for Excel (BOM, CRLF)', () => {
    const text = csvOf([
      { title: 'Contracts', headers: ['No', 'Value'], rows: [['AMC/1', '100.00']] },
      { title: 'Cover by branch', headers: ['Branch', 'In use'], rows: [['CHN-ANN', 4]] },
    ]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Contracts',
      'No,Value',
      'AMC/1,100.00',
      '',
      'Cover by branch',
      'Branch,In use',
      'CHN-ANN,4',
      '',
    ]);
  });
});
