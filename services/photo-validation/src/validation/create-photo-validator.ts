import { AppConfig, createLogger } from '@curbside/platform';
import { LocalModelPhotoValidator } from '../local-model/local-model.photo-validator';
import { OpenAiPhotoValidator } from '../openai/openai.photo-validator';
import type { PhotoValidator } from './photo-validator.port';

/** OpenAI vision when a key is configured (docs/architecture.md), the local offline model otherwise. */
export function createPhotoValidator(config: AppConfig): PhotoValidator {
  const log = createLogger('photo-validation');
  // Embedded, this is one of the services inside `npm start`, whose first lines are where the data lives and the URL.
  const level = config.RUN_MODE === 'embedded' ? 'debug' : 'info';
  if (!config.OPENAI_API_KEY) {
    log[level]('pickup photos are checked by the local offline model');
    return new LocalModelPhotoValidator();
  }
  log[level]({ model: config.OPENAI_MODEL, baseURL: config.OPENAI_BASE_URL ?? 'default' }, 'pickup photos are checked by OpenAI');
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
