// ESLint (flat config) for the page scripts: plain ES modules in the browser, the engine's Web
// Worker, and the service worker template (sitebuild/offline.py fills in its __PLACEHOLDERS__).
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["site/assets/**/*.js"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.browser } },
  },
  {
    files: ["site/assets/worker.js"],
    languageOptions: { globals: { ...globals.worker } },
  },
  {
    files: ["site/sw.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "script",
      globals: {
        ...globals.serviceworker,
        __IMMUTABLE__: "readonly",
        __ENGINE__: "readonly",
        __ENGINE_BYTES__: "readonly",
        __FILES__: "readonly",
        __FIRST__: "readonly",
      },
    },
  },
];
