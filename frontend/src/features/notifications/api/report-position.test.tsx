import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiCalls, mockApi } from '../../../testing/api-mock';
import { useReportAlertPosition } from './report-position';

describe('useReportAlertPosition', () => {
  beforeEach(() => mockApi('PUT /api/notifications/:id/position', { success: true }));
  const reports = () => apiCalls('PUT /api/notifications/u-1/position').map((c) => c.body);

  it('reports the position once, and again only after a move of a tenth of a mile', async () => {
    const { rerender } = renderHook(({ p }) => useReportAlertPosition('u-1', p), { initialProps: { p: { lat: 45, lng: -73 } } });
    rerender({ p: { lat: 45.0001, lng: -73 } }); // ~11 m
    rerender({ p: { lat: 45.01, lng: -73 } }); // ~0.7 mile
    await vi.waitFor(() =>
      expect(reports()).toEqual([
        { lat: 45, lng: -73 },
        { lat: 45.01, lng: -73 },
      ]),
    );
  });

  it('reports nothing without a user or a position', () => {
    renderHook(() => useReportAlertPosition(null, { lat: 45, lng: -73 }));
    renderHook(() => useReportAlertPosition('u-1', null));
    expect(apiCalls()).toEqual([]);
  });
});
