import type { RgbImage } from '../validation/rgb-image';
import type { VisionFindings } from './vision-findings';

/** Main thread → model thread. */
export type VisionRequest = { id: number; kind: 'analyse'; image: RgbImage } | { id: number; kind: 'memory' } | { id: number; kind: 'dispose' };

/** Model thread → main thread: `ready` once the models are loaded, then one answer per request id. */
export type VisionReply =
  | { kind: 'ready'; loadMs: number }
  | { kind: 'failed'; error: string }
  | { id: number; ok: true; findings?: VisionFindings; memory?: { tensors: number; bytes: number } }
  | { id: number; ok: false; error: string };
