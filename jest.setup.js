// Tests are quiet unless LOG_LEVEL asks otherwise.
process.env.LOG_LEVEL ??= 'silent';
