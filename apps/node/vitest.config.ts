import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60000,
    hookTimeout: 90000,
  },
});
