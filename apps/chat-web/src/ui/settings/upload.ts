// A multipart POST to /json (avatar, organization icon, custom emoji): the client in
// api/client.ts sends forms, so files go through here, with the same CSRF header.
import { ApiError, csrfToken } from "../../api/client";

export async function uploadFile(path: string, field: string, file: Blob, fileName: string): Promise<any> {
  const form = new FormData();
  form.append(field, file, fileName);
  const response = await fetch(`/json${path}`, { method: "POST", body: form, headers: { "X-CSRFToken": csrfToken() }, credentials: "same-origin" });
  const body = await response.json().catch(() => null);
  if (response.ok && body?.result === "success") return body;
  throw new ApiError(response.status, body?.code ?? "BAD_REQUEST", body?.msg ?? `The server answered ${response.status}.`, body ?? {});
}
