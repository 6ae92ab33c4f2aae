// The unread count drawn on the tab's icon: the app's own icon with a red disc and the number,
// made on a canvas and set as the icon's address (a data: URL, which the page's CSP allows for
// images). No count: the icon as served.
const SIZE = 64;
let original: string | null = null;
let picture: Promise<HTMLImageElement> | null = null;

function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>("link[rel=icon]");
}

function loadPicture(href: string): Promise<HTMLImageElement> {
  return (picture ??= new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = reject;
    image.src = href;
  }));
}

let drawn = -1;
export async function showCountOnIcon(count: number): Promise<void> {
  const link = iconLink();
  if (!link || count === drawn) return;
  original ??= link.href;
  drawn = count;
  if (count <= 0) {
    link.href = original;
    delete link.dataset.count;
    return;
  }
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = SIZE;
  const g = canvas.getContext("2d");
  if (!g) return;
  try {
    g.drawImage(await loadPicture(original), 0, 0, SIZE, SIZE);
  } catch {
    // the count alone
  }
  if (drawn !== count) return; // a newer count is being drawn
  const text = count > 99 ? "99+" : String(count);
  const radius = text.length > 2 ? 26 : 22;
  g.fillStyle = "#d92c2c";
  g.beginPath();
  g.arc(SIZE - radius + 2, SIZE - radius + 2, radius, 0, Math.PI * 2);
  g.fill();
  g.fillStyle = "#fff";
  g.font = `bold ${text.length > 2 ? 24 : 32}px system-ui, sans-serif`;
  g.textAlign = "center";
  g.textBaseline = "middle";
  g.fillText(text, SIZE - radius + 2, SIZE - radius + 4);
  link.href = canvas.toDataURL("image/png");
  link.dataset.count = String(count);
}
