import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema without a database: `npm run db:generate`.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema',
  out: './server/db/migrations',
});
