// Started by the update bar (static/watchdog.js) while a new release waits to take
// over, and ends at once: it does nothing itself. Creating a worker inside the service
// worker's scope makes Chromium look at the registration again (as for a navigation),
// and so ask the old release's worker once more to stop as soon as it is idle
// (docs/browsers.md, "A new release sometimes cannot take over in Chromium").
"use strict";
self.close();
