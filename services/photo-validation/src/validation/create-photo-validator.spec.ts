import { loadConfig } from '@curbside/platform';
import { createPhotoValidator } from './create-photo-validator';

describe(createPhotoValidator.name, () => {
  it('uses the local offline model when no OpenAI key is set', async () => {
    const validator = createPhotoValidator(loadConfig({}));

    expect(validator.name).toBe('local-model');
    await validator.close();
  });

  it('uses OpenAI with the configured model when a key is set', () => {
    const validator = createPhotoValidator(loadConfig({ OPENAI_API_KEY: 'sk-test', OPENAI_MODEL: 'gpt-4.1-nano', OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }));

    expect(validator.name).toBe('openai:gpt-4.1-nano');
  });
});
