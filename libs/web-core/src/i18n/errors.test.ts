import { act } from '@testing-library/react';
import { ERROR_CODES, ErrorCode } from '@portal/contracts';
import { errorMessage } from '../api';
import en from './en.json';
import hi from './hi.json';
import { switchLanguage } from './index';

const english = en.errors as Record<string, string>;
const hindi = hi.errors as Record<string, string>;

afterEach(async () => {
  await act(() => switchLanguage('en'));
});

describe('error texts', () => {
  it('exist for every error code, in English and Hindi', () => {
    expect(ERROR_CODES.filter((code) => !english[code]?.trim() || !hindi[code]?.trim())).toEqual([]);
    expect(Object.keys(english).sort()).toEqual([...ERROR_CODES].sort());
  });

  it("in Hindi replace the server's English message; in English the server's message stays", async () => {
    const error = {
      status: 401,
      data: { statusCode: 401, code: ErrorCode.InvalidCredentials, message: 'Invalid email or password' },
    };
    expect(errorMessage(error, 'Fallback')).toBe('Invalid email or password');
    await act(() => switchLanguage('hi'));
    expect(errorMessage(error, 'Fallback')).toBe(hindi.INVALID_CREDENTIALS);
    // A screen's own text for the code still wins.
    expect(errorMessage(error, 'Fallback', { INVALID_CREDENTIALS: 'अपना' })).toBe('अपना');
    // No code (network failure): the screen's fallback.
    expect(errorMessage({ status: 'FETCH_ERROR' }, 'फिर से कोशिश करें')).toBe('फिर से कोशिश करें');
  });
});
