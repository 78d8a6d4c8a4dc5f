import { PhotoValidationResult, photoValidationResultSchema, VALIDATION_SERVICE_ERROR } from '@curbside/contracts';
import type { createLogger } from '@curbside/platform';
// The type of what `import('openai')` loads (its ESM build's declarations), so the client and its errors match it.
import type OpenAI from 'openai' with { 'resolution-mode': 'import' };
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from '../validation/rgb-image';
import type { PhotoToValidate, PhotoValidator } from '../validation/photo-validator.port';
import { pickupCheckRequest } from './pickup-check.request';

export interface OpenAiPhotoValidatorOptions {
  apiKey: string;
  model: string;
  /** Another OpenAI-compatible endpoint; tests use a fake server on loopback. */
  baseURL?: string;
  /** Per try. */
  timeoutMs: number;
  /** Retries after the first try, on 408/409/429/5xx and connection errors and timeouts, with backoff. */
  maxRetries: number;
}

type Logger = ReturnType<typeof createLogger>;

const UNREADABLE_PHOTO: PhotoValidationResult = {
  isValid: false,
  confidence: 1,
  reason: 'The file is not a photo we can read: please upload a JPEG, PNG or WebP image.',
};

/**
 * The model would not look at the photo (it refused, or the API turned the image down with a 400): an answer about
 * the photo, not a failure of ours. Answered as a check that failed for the service, a member could send such a
 * photo on purpose, and a hold it lapsed in would count as nobody's no-show (docs/product-rules.md, "No-shows").
 */
const PHOTO_NOT_CHECKABLE: PhotoValidationResult = {
  isValid: false,
  confidence: 1,
  reason: 'This photo could not be checked: take a clear photo of the item where you picked it up.',
};

/** Enough for "low" detail (512 px) with margin, and far smaller than a phone photo. */
const UPLOAD_SIDE_PX = 1024;

/**
 * OpenAI vision with a structured answer (JSON schema). Retries and timeouts are the official SDK's: it retries
 * 408/409/429/5xx and timeouts with exponential backoff (0.5 s doubling, honouring Retry-After). When no try
 * gives a usable answer the check ends as VALIDATION_SERVICE_ERROR (spec §8), never as a guess.
 */
export class OpenAiPhotoValidator implements PhotoValidator {
  readonly name: string;
  readonly coldStartMs = null;
  /** The SDK and its client, loaded at the warm-up or the first check rather than with the module. */
  private sdk?: Promise<{ OpenAI: typeof OpenAI; client: OpenAI }>;

  constructor(
    private readonly options: OpenAiPhotoValidatorOptions,
    private readonly log: Logger,
  ) {
    this.name = `openai:${options.model}`;
  }

  async validate(photo: PhotoToValidate): Promise<PhotoValidationResult> {
    const jpeg = await sharp(photo.image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .resize(UPLOAD_SIDE_PX, UPLOAD_SIDE_PX, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer()
      .catch(() => null);
    if (!jpeg) return UNREADABLE_PHOTO;
    const started = performance.now();
    // The tries (and the waits between them) end when the member's wait does: an answer after it is thrown away.
    const left = photo.deadline === undefined ? undefined : photo.deadline - Date.now();
    if (left !== undefined && left <= 0) return VALIDATION_SERVICE_ERROR;
    const { OpenAI, client } = await this.loaded();
    const completion = await client.chat.completions
      .create(
        pickupCheckRequest(this.options.model, { title: photo.itemTitle, category: photo.itemCategory }, jpeg),
        left === undefined ? undefined : { signal: AbortSignal.timeout(left) },
      )
      .catch((error: unknown) => {
        if (error instanceof OpenAI.BadRequestError) return 'photo refused' as const;
        this.log.warn({ err: error, model: this.options.model, ms: Math.round(performance.now() - started) }, 'OpenAI photo check failed after its retries');
        return null;
      });
    if (completion === 'photo refused') return PHOTO_NOT_CHECKABLE;
    if (!completion) return VALIDATION_SERVICE_ERROR;
    const message = completion.choices[0]?.message;
    if (message?.refusal) return PHOTO_NOT_CHECKABLE;
    const answer = parseAnswer(message);
    if (!answer.ok) {
      this.log.warn({ model: this.options.model, problem: answer.problem }, 'OpenAI photo check gave no usable answer');
      return VALIDATION_SERVICE_ERROR;
    }
    return answer.result;
  }

  async warmUp(): Promise<number> {
    // The SDK is all there is to load; the first request pays only its own TLS handshake.
    const started = performance.now();
    await this.loaded();
    return Math.round(performance.now() - started);
  }

  private loaded(): Promise<{ OpenAI: typeof OpenAI; client: OpenAI }> {
    this.sdk ??= import('openai').then(({ default: OpenAI }) => {
      const log = this.log;
      const client = new OpenAI({
        apiKey: this.options.apiKey,
        baseURL: this.options.baseURL,
        timeout: this.options.timeoutMs,
        maxRetries: this.options.maxRetries,
        logLevel: 'warn',
        logger: {
          error: (message, ...details) => log.error({ details }, message),
          warn: (message, ...details) => log.warn({ details }, message),
          info: (message, ...details) => log.info({ details }, message),
          debug: (message, ...details) => log.debug({ details }, message),
        },
      });
      return { OpenAI, client };
    });
    return this.sdk;
  }

  async close(): Promise<void> {
    // The SDK holds no connections of its own beyond fetch's keep-alive pool.
  }
}

type ParsedAnswer = { ok: true; result: PhotoValidationResult } | { ok: false; problem: string };

/** The model's JSON, checked against the contract; a confidence outside 0..1 is clamped rather than refused. */
function parseAnswer(message: OpenAI.Chat.Completions.ChatCompletionMessage | undefined): ParsedAnswer {
  if (!message) return { ok: false, problem: 'no choice in the completion' };
  let json: unknown;
  try {
    json = JSON.parse(message.content ?? '');
  } catch {
    return { ok: false, problem: `not JSON: ${String(message.content).slice(0, 200)}` };
  }
  const candidate =
    typeof json === 'object' && json !== null && 'confidence' in json && typeof json.confidence === 'number'
      ? { ...json, confidence: Math.min(1, Math.max(0, json.confidence)) }
      : json;
  const parsed = photoValidationResultSchema.safeParse(candidate);
  if (!parsed.success || parsed.data.reason.trim() === '')
    return { ok: false, problem: `answer does not fit the schema: ${JSON.stringify(json).slice(0, 200)}` };
  return { ok: true, result: { ...parsed.data, confidence: Math.round(parsed.data.confidence * 100) / 100 } };
}
