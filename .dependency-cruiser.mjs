// Import rules checked by `npm run check` (dependency-cruiser). docs/architecture.md explains
// the layers; each rule here is one sentence of it, and nothing there claims more than this.
const app = "^apps/(monitor|chat)/src/";
const layer = (name) => `${app}${name}/`;
const below = (from, ...to) => ({
  name: `${from}-imports-${to.join("-")}`,
  comment: `${from}/ sits below ${to.join(", ")}/ and never imports them`,
  severity: "error",
  from: { path: layer(from) },
  to: { path: to.map((t) => `^apps/$1/src/${t}/`) },
});

export default {
  forbidden: [
    {
      name: "no-circular",
      comment: "no import circles; type-only imports count too, a module loaded on first use (import(), and the typeof import() that names its type) does not",
      severity: "error",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["dynamic-import", "type-import"] } },
    },
    { name: "apps-apart", comment: "an app never imports another app", severity: "error", from: { path: "^apps/([^/]+)/" }, to: { path: "^apps/", pathNot: "^apps/$1/" } },
    { name: "packages-below-apps", comment: "packages/* never import an app", severity: "error", from: { path: "^packages/" }, to: { path: "^apps/" } },
    below("lib", "routes", "actions", "http", "present", "workers", "web"),
    {
      name: "lib-pure",
      comment: "lib/ may name the store's row types, never run a query or touch the event system",
      severity: "error",
      from: { path: layer("lib") },
      to: { path: ["^apps/$1/src/store/", "^apps/$1/src/events/"], dependencyTypesNot: ["type-only"] },
    },
    below("store", "routes", "actions", "http", "present", "events", "workers", "web"),
    below("present", "routes", "actions", "http", "workers", "web"),
    below("actions", "routes", "web"),
    below("markdown", "routes", "actions", "http", "workers"),
  ],
  options: {
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(node_modules|/test/|/dist/|\\.test\\.tsx?$)" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js"] },
  },
};
