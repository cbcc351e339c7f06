// Seeds the demo into DATABASE_URL if it is empty: `DATABASE_URL=... npm run db:seed`.
import { fileURLToPath } from "node:url";
import { createDb } from "../server/db/client";
import { isSeeded, seedDemo } from "../server/seed/seed-demo";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set; `npm start` seeds the embedded database by itself.");
  process.exit(2);
}
const db = createDb(url);
try {
  if (await isSeeded(db)) console.log("Database already seeded; nothing to do.");
  else {
    const started = Date.now();
    const workload = process.env.VERDANT_DEMO_WORKLOAD === "quiet" ? "quiet" : "busy";
    const summary = await seedDemo(db, { now: new Date(), dataDir: fileURLToPath(new URL("../data/demo", import.meta.url)), workload });
    console.log(`Seeded the demo in ${Date.now() - started} ms:`, summary);
  }
} finally {
  await db.$disconnect();
}
