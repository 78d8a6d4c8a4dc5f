import { AppConfig, createLogger } from '@curbside/platform';
import { LocalModelPhotoValidator } from '../local-model/local-model.photo-validator';
import { OpenAiPhotoValidator } from '../openai/openai.photo-validator';
import type { PhotoValidator } from './photo-validator.port';

/** OpenAI vision when a key is configured (DESIGN §2), the local offline model otherwise. */
export function createPhotoValidator(config: AppConfig): PhotoValidator {
  const log = createLogger('photo-validation');
  if (!config.OPENAI_API_KEY) {
    log.info('pickup photos are checked by the local offline model');
    return new LocalModelPhotoValidator();
  }
  log.info({ model: config.OPENAI_MODEL, baseURL: config.OPENAI_BASE_URL ?? 'default' }, 'pickup photos are checked by OpenAI');
  return new OpenAiPhotoValidator(
    {
      apiKey: config.OPENAI_API_KEY,
      model: config.OPENAI_MODEL,
      baseURL: config.OPENAI_BASE_URL,
      timeoutMs: config.OPENAI_TIMEOUT_MS,
      maxRetries: config.OPENAI_MAX_RETRIES,
    },
    log.child({ validator: 'openai' }),
  );
}
