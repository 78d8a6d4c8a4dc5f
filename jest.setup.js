// Tests are quiet unless LOG_LEVEL asks otherwise.
process.env.LOG_LEVEL ??= 'silent';
// Most test apps never check a photo: they leave the local photo models unloaded until one does
// (PHOTO_MODEL_PRELOAD, libs/platform/src/config/config.schema.ts).
process.env.PHOTO_MODEL_PRELOAD ??= 'false';
