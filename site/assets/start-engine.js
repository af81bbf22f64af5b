// Loaded with `async` by the pages that need the engine (practice, play): the worker starts as
// soon as this file arrives, while the rest of the page is still loading. The page's own script
// then uses the same engine (one worker per page, engine-client.js).
import { engine } from "./engine-client.js";

engine();
