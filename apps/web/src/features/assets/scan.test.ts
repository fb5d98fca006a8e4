import { describe, expect, it } from 'vitest';
import { scannedAsset } from './scan.ts';

describe('scannedAsset', () => {
  it('reads an asset page address from a label, on any host', () => {
    expect(scannedAsset('https://assets.example.in/#/asset/view?id=123')).toEqual({ id: '123' });
    expect(scannedAsset('http://10.0.0.5:3000/#/asset/view?x=1&id=7&y=2')).toEqual({ id: '7' });
  });
  it('takes anything else as a tag, trimmed', () => {
    expect(scannedAsset(' CHN-ANN-000123\n')).toEqual({ tag: 'CHN-ANN-000123' });
    expect(scannedAsset('https://example.in/#/asset/view?id=0')).toEqual({
      tag: 'https://example.in/#/asset/view?id=0',
    });
  });
  it('names nothing when blank', () => {
    expect(scannedAsset('   ')).toBeNull();
  });
});
