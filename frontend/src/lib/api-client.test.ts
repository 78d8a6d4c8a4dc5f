import { api, ApiError } from './api-client';
import { mockApi } from '../testing/api-mock';

describe('api client', () => {
  it('raises "status: body" for a failed call', async () => {
    mockApi('GET /api/items', 'Latitude must be a number', 400);
    await expect(api.get('/api/items')).rejects.toThrow('400: Latitude must be a number');
  });

  it('falls back to the status text for an empty body', async () => {
    mockApi('GET /api/x', '', 503);
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(503);
  });

  it('sends JSON with the credentials', async () => {
    mockApi('POST /api/users', { id: 'u' });
    await api.post('/api/users', { locationRadius: '2' });
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"locationRadius":"2"}' });
  });
});
