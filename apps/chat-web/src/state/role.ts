// The signed-in user's role, from /users/me and kept by realm_user events, so what the app
// offers (the organization's administration) changes the moment an owner changes it.
// Zulip's roles: 100 owner, 200 administrator, 300 moderator, 400 member, 600 guest.
import { computed, signal } from "@preact/signals";

export const ROLE_OWNER = 100;
export const ROLE_ADMIN = 200;

export const myRole = signal(400);
/** Owners and administrators manage the organization (the server checks it again). */
export const isAdmin = computed(() => myRole.value <= ROLE_ADMIN);
