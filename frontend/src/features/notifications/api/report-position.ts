import type { Position } from '@curbside/contracts';
import { useEffect, useRef } from 'react';
import { api } from '../../../lib/api-client';
import { distanceMiles } from '../../../lib/geo';

/** Moves smaller than this are not worth a call: alerts go by radii of half a mile and more. */
const REPORT_AFTER_MILES = 0.1;

export const reportAlertPosition = (userId: string, position: Position) => api.put<{ success: boolean }>(`/api/notifications/${userId}/position`, position);

/**
 * When the feed has the neighbour's position, tells the server where to send nearby-item alerts (kept only for
 * alerts, never shown to anybody); again only after a move of a tenth of a mile. Failures are ignored: the
 * feed works without alerts.
 */
export function useReportAlertPosition(userId: string | null, position: Position | null): void {
  const last = useRef<Position | null>(null);
  useEffect(() => {
    if (!userId || !position) return;
    if (last.current && distanceMiles(last.current, position) < REPORT_AFTER_MILES) return;
    last.current = position;
    reportAlertPosition(userId, position).catch(() => {
      last.current = null;
    });
  }, [userId, position]);
}
