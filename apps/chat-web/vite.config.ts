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
    rolldownOptions: {
      output: {
        // Everything the first view imports (src/main.tsx and its static imports, preact) in one
        // script: left to itself the bundler splits off each module that a lazy chunk shares
        // (about 20 files, four round trips deep on six connections), which took the first
        // view's scripts 2–3 times as long to arrive. Lazy chunks import from this one.
        codeSplitting: { groups: [{ name: "app", tags: ["$initial"] }] },
      },
    },
  },
});
