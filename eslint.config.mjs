// ESLint for the page scripts, the workers, the benchmarks' pages and the Node test drivers (`make lint`).
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "site/", "mutants/", ".cache/", "tests/fixtures/"] },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: "latest", sourceType: "module", globals: { ...globals.browser } },
    // A name starting with _ is left out on purpose (taken apart of an object to drop it).
    rules: { "no-unused-vars": ["error", { args: "none", caughtErrors: "none", varsIgnorePattern: "^_" }] },
  },
  {
    files: ["static/python-worker.js", "static/service-worker.js", "bench/bare/worker.js"],
    languageOptions: { globals: { ...globals.worker, ...globals.serviceworker } },
  },
  { files: ["**/*.mjs"], languageOptions: { globals: { ...globals.node } } },
];
