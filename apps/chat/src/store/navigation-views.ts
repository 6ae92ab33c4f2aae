import type { Selectable, Updateable } from "kysely";
import type { ChatDb, NavigationViewTable } from "./schema.js";

export type NavigationView = Selectable<NavigationViewTable>;

export function navigationViews(db: ChatDb, userId: number): Promise<NavigationView[]> {
  return db.selectFrom("navigation_views").selectAll().where("user_id", "=", userId).orderBy("id").execute();
}

export function navigationView(db: ChatDb, userId: number, fragment: string): Promise<NavigationView | undefined> {
  return db.selectFrom("navigation_views").selectAll().where("user_id", "=", userId).where("fragment", "=", fragment).executeTakeFirst();
}

export async function insertNavigationView(db: ChatDb, row: Omit<NavigationViewTable, "id">): Promise<void> {
  await db.insertInto("navigation_views").values(row).execute();
}

export async function updateNavigationView(db: ChatDb, id: number, changes: Updateable<NavigationViewTable>): Promise<void> {
  await db.updateTable("navigation_views").set(changes).where("id", "=", id).execute();
}

export async function deleteNavigationView(db: ChatDb, id: number): Promise<void> {
  await db.deleteFrom("navigation_views").where("id", "=", id).execute();
}
