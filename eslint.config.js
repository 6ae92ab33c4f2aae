// Lint rules beyond the type checker: mostly the layering rules of docs/architecture.md.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const otherApp = (app) => ({
  files: [`apps/${app}/**/*.ts`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: [
          {
            group: app === "monitor" ? ["@beacon/chat", "@beacon/chat/*", "**/apps/chat/**", "../../chat/**"] : ["@beacon/monitor", "@beacon/monitor/*", "**/apps/monitor/**", "../../monitor/**"],
            message: "Apps never import each other: they share packages/*, not protocols.",
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "docs/**", "tmp/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", Buffer: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setInterval: "readonly", clearInterval: "readonly", setImmediate: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "off",
      "no-control-regex": "off",
    },
  },
  otherApp("monitor"),
  otherApp("chat"),
  {
    files: ["packages/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ group: ["@beacon/monitor", "@beacon/chat", "**/apps/**"], message: "packages/* know nothing of the apps." }] }],
    },
  },
);
