import { APP_VERSION } from '@branch-assets/domain';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../test/test-api.ts';

describe('pages/version-info', () => {
  // The reference data is enough: the call reads nothing of the database.
  const api = useTestApi({
    reference: true,
    env: { APP_ENVIRONMENT: 'staging', TEST_MODE: 'true', BUILD_DATE: '2026-11-01' },
  });

  it('answers a GET without a token, with the configured environment', async () => {
    const answer = await api.call('versionInfo', null, { UserInterface: '1' });
    expect(answer.status).toBe(200);
    expect(answer.flag).toBe(1);
    expect(answer.raw).toEqual({
      Version: APP_VERSION,
      BuildDate: '2026-11-01',
      Environment: 'staging',
      TestMode: true,
    });
  });

  it('is the one GET: a POST to it is an unknown call', async () => {
    const response = await api.app.inject({
      method: 'POST',
      url: '/api/pages/version-info',
      payload: {},
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ flag: 0, output: 'Unknown call.', records: null });
  });

  it('refuses a malformed query parameter with 422', async () => {
    const answer = await api.call('versionInfo', null, { UserInterface: 'abc' });
    expect(answer.status).toBe(422);
    expect(answer.output).toBe('UserInterface must be a small whole number');
  });
});
