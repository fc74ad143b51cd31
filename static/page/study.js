// The script of the study pages (concept cards, module pages, module tests) and of the index:
// small, with no Python. Each part starts only if its page has it.
import { registerServiceWorker } from "./service-worker-setup.js";
import { pageNotices } from "./page-notices.js";
import { setupConceptCard } from "./concept-card.js";
import { setupModuleTest } from "./module-test.js";
import { showStudyProgress } from "./study-progress.js";
import { loadSync } from "./sync-loader.js";
import { letWideFormulasScroll } from "./wide-formulas.js";
import { onRecordSaved, onRecordsChangedElsewhere, recordsChangedElsewhere } from "./saved-record.js";

const script = document.querySelector("script[data-service-worker]");
const main = document.querySelector("main");
const tell = pageNotices(main);
letWideFormulasScroll(main);

registerServiceWorker(script?.dataset.serviceWorker, { pythonReady: Promise.resolve() });
for (const card of document.querySelectorAll("[data-concept].concept-card")) setupConceptCard(card, { onProblem: tell });
for (const test of document.querySelectorAll("[data-module-test]")) setupModuleTest(test, { onProblem: tell });
showStudyProgress(document);
onRecordsChangedElsewhere(() => showStudyProgress(document)); // another tab's answers and scores show here too
// A card's answer or a test's attempt syncs a second later; what a sync brings shows at once.
loadSync({ container: main, whenSaved: onRecordSaved, onSynced: recordsChangedElsewhere, onProblem: tell });
