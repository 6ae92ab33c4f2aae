// A fresh, empty database for each test file: SQLite in memory by default, or a new
// schema inside the PostgreSQL database named by TEST_DATABASE_URL. The schema is
// dropped again when the test file's after() hook calls release().
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface TestDatabase {
  url: string;
  dialect: "sqlite" | "postgres";
  release(): Promise<void>;
}

export async function freshDatabaseUrl(): Promise<TestDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { url: "sqlite::memory:", dialect: "sqlite", release: async () => {} };

  const schema = `t_${process.pid}_${randomBytes(4).toString("hex")}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();

  const url = new URL(base);
  url.searchParams.set("schema", schema);
  return {
    url: url.toString(),
    dialect: "postgres",
    release: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await c.end();
    },
  };
}
