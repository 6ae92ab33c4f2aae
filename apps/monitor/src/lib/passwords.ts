// Dashboard passwords: hashing is shared with the chat server (packages/platform).
export { hashPassword, verifyPassword } from "@beacon/platform";

export const MIN_PASSWORD_LENGTH = 8;
