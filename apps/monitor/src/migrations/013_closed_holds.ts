// Holds recorded before 012 have no `released`: the alert worker then looked back from each
// up flip for a held down flip. A hold a later up flip ended is closed at that flip's time, so
// the open holds are those of downtimes still going on.
import { sql, type Kysely } from "kysely";
import type { Dialect } from "@beacon/platform";

export function closedHolds(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      const endingUp = sql`FROM flips f WHERE f.check_id = held_alerts.check_id AND f.id > held_alerts.flip_id AND f.new_status = 'up'`;
      await sql`UPDATE held_alerts SET released = (SELECT MIN(f.created) ${endingUp}) WHERE released IS NULL AND EXISTS (SELECT 1 ${endingUp})`.execute(db);
    },
  };
}
