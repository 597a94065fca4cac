import { defineProject } from 'vitest/config';

// Black-box tests: each file starts the real server as a child process, so they run one file at a time.
export default defineProject({
  test: {
    name: 'e2e',
    include: ['**/*.test.ts'],
    exclude: ['node_modules/**'],
    testTimeout: 60000,
    hookTimeout: 180000,
    fileParallelism: false,
    globalSetup: ['./support/bundle-server.global-setup.ts'],
  },
});
