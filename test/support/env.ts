// Keep test runs quiet; each test app gets its own data folder (see test/support/app.ts).
process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'warn';
