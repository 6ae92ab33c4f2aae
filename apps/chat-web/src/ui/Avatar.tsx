// A sender's picture: an uploaded avatar (same origin), else their initials on a colour of
// their own. Gravatar pictures are not fetched: the page's CSP allows only this origin.
const HUES = [210, 150, 20, 280, 340, 100, 190, 45, 250, 0];

export function Avatar({ userId, name, url, size = 36 }: { userId: number; name: string; url: string | null | undefined; size?: number }) {
  const style = { width: `${size}px`, height: `${size}px` };
  if (url && (url.startsWith("/") || url.startsWith(location.origin))) {
    return <img class="avatar" src={url} alt="" style={style} loading="lazy" />;
  }
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  return (
    <span class="avatar avatar-initials" aria-hidden="true" style={{ ...style, background: `hsl(${HUES[userId % HUES.length]} 45% 45%)` }}>
      {initials || "?"}
    </span>
  );
}
