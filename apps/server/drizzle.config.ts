import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/db/schema/index.ts', './src/modules/*/db/index.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
