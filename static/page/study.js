// The script of the study pages (concept cards, module pages, module tests) and of the index:
// small, with no Python. Each part starts only if its page has it.
import { registerServiceWorker } from "./service-worker-setup.js";
import { pageNotices } from "./page-notices.js";
import { setupConceptCard } from "./concept-card.js";
import { setupModuleTest } from "./module-test.js";
import { showStudyProgress } from "./study-progress.js";
import { loadSync } from "./sync-loader.js";

const script = document.querySelector("script[data-service-worker]");
const main = document.querySelector("main");
const tell = pageNotices(main);

registerServiceWorker(script?.dataset.serviceWorker, { tell, pythonReady: Promise.resolve() });
for (const card of document.querySelectorAll("[data-concept].concept-card")) setupConceptCard(card, { onProblem: tell });
for (const test of document.querySelectorAll("[data-module-test]")) setupModuleTest(test, { onProblem: tell });
showStudyProgress(document);
loadSync({ container: main, onSynced: () => showStudyProgress(document), onProblem: tell });
