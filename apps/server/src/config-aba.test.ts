import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// [I16-payouts] The ABA direct-entry settings: sandbox defaults that pass, and a clear message naming
// each bad setting.

describe('ABA settings', () => {
  it('[I16-payouts] defaults to a sandbox remitter that passes validation', () => {
    const config = loadConfig({});
    expect({
      bank: config.ABA_BANK_CODE,
      user: config.ABA_USER_ID,
      name: config.ABA_USER_NAME,
      bsb: config.ABA_REMITTER_BSB,
      account: config.ABA_REMITTER_ACCOUNT,
      remitter: config.ABA_REMITTER_NAME,
    }).toEqual({
      bank: 'CBA',
      user: '301500',
      name: 'QUOKKA MARKETPLACE',
      bsb: '062-000',
      account: '12345678',
      remitter: 'QUOKKA',
    });
  });

  it('[I16-payouts] takes a BSB written 062000 and refuses bad values, naming each', () => {
    expect(loadConfig({ ABA_REMITTER_BSB: '062000' }).ABA_REMITTER_BSB).toBe('062-000');
    let problems: string[] = [];
    try {
      loadConfig({
        ABA_BANK_CODE: 'cba',
        ABA_USER_ID: '12345',
        ABA_USER_NAME: 'X'.repeat(27),
        ABA_REMITTER_BSB: '06-200',
        ABA_REMITTER_ACCOUNT: '12AB',
        ABA_REMITTER_NAME: 'A remitter name that is far too long',
        OPERATOR_ABN: '12 345 678 901',
      });
    } catch (error) {
      problems = error instanceof ConfigError ? error.problems : [];
    }
    const named = problems.map((problem) => problem.split(':')[0]).sort();
    expect(named).toEqual(
      [
        'ABA_BANK_CODE',
        'ABA_REMITTER_ACCOUNT',
        'ABA_REMITTER_BSB',
        'ABA_REMITTER_NAME',
        'ABA_USER_ID',
        'ABA_USER_NAME',
        'OPERATOR_ABN',
      ].sort(),
    );
    expect(problems.find((p) => p.startsWith('ABA_USER_ID'))).toContain('6-digit APCA user id');
    expect(problems.find((p) => p.startsWith('OPERATOR_ABN'))).toContain('ABN check');
  });
});
