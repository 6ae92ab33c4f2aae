// The chat web app's build: hashed, long-cacheable assets under /static/webapp/ (the chat
// server serves dist/ there) and an index.html shell with no inline script (strict CSP).
import { defineConfig } from "vite";

export default defineConfig({
  base: "/static/webapp/",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // No inline <script> or data: URLs in the shell: the server's CSP allows only 'self'.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
  },
});
