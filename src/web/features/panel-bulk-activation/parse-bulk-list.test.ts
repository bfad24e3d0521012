import { describe, expect, it } from 'vitest';
import { resultCsv } from './result-csv';
import { parseBulkList } from './parse-bulk-list';

describe('parseBulkList', () => {
  it('reads a plain list of MACs, one a line, skipping blank lines', () => {
    expect(parseBulkList('00:1A:2B:3C:4D:5E\n\n001a2b3c4d5f\r\n')).toEqual([
      { mac: '00:1A:2B:3C:4D:5E' },
      { mac: '001a2b3c4d5f' },
    ]);
  });

  it('reads the four columns with or without a header, in the header order, ignoring other columns', () => {
    expect(parseBulkList('00-1A-2B-3C-4D-5E,lifetime,Ada,+33 6')).toEqual([
      { mac: '00-1A-2B-3C-4D-5E', plan: 'lifetime', client_name: 'Ada', client_phone: '+33 6' },
    ]);
    expect(parseBulkList('client_name;MAC;app_name\n"Lovelace, Ada";00:1A:2B:3C:4D:5E;TV')).toEqual([
      { mac: '00:1A:2B:3C:4D:5E', client_name: 'Lovelace, Ada' },
    ]);
  });
});

describe('resultCsv', () => {
  it('writes one line per row and neutralises formula-like cells', () => {
    const csv = resultCsv([
      { row: 1, mac: '=1+1', plan: null, status: 'failed', code: 'invalid_mac', credits: 0 },
      { row: 2, mac: '00:1A:2B:3C:4D:5E', plan: 'year', status: 'activated', credits: 1 },
    ]);
    expect(csv).toBe(
      "\ufeffrow,mac,plan,status,code,credits\n1,'=1+1,,failed,invalid_mac,0\n2,00:1A:2B:3C:4D:5E,year,activated,,1\n",
    );
  });
});
